// SPDX-License-Identifier: MIT
/*
 * A helper whose result a callback returns as it is gives the callback's
 * result: a mixer control's put callback returns 1 when the value
 * changed, and the helpers it returns, or ORs together for two channels,
 * give that 1 by the callback's convention, not their names'.  A helper
 * the callback tests before passing it on ("if (err) goto out;") is read
 * by the callback's failure test and still judged by its name, and so is
 * one that is only called.
 */
#include <errno.h>

struct mixer {
	int regs[16];
	int cached;
};

struct control {
	int (*put)(struct mixer *mix, int value);
	int (*set)(struct mixer *mix, int value);
};

/* 1 when the register changed, 0 when not, or a negative errno. */
int update_mixer_reg(struct mixer *mix, int reg, int value)
{
	if (reg < 0 || reg >= 16)
		return -EINVAL;
	if (mix->regs[reg] == value)
		return 0;
	mix->regs[reg] = value;
	return 1;
}

int update_mixer_channel(struct mixer *mix, int ch, int value)
{
	if (mix->regs[ch] == value)
		return 0;
	mix->regs[ch] = value;
	return 1;
}

static int volume_put(struct mixer *mix, int value)
{
	return update_mixer_reg(mix, 0, value);
}

static int balance_put(struct mixer *mix, int value)
{
	int change;

	change = update_mixer_channel(mix, 1, value);
	change |= update_mixer_channel(mix, 2, value);
	return change;
}

int flush_mixer_cache(struct mixer *mix)
{
	if (!mix->cached)
		return 0;
	mix->cached = 0;
	return 1;
}

static int mute_set(struct mixer *mix, int value)
{
	int err;

	err = flush_mixer_cache(mix);
	if (err)
		goto out;
	mix->regs[3] = value;
out:
	return err;
}

int reset_mixer(struct mixer *mix)
{
	mix->regs[0] = 0;
	return 1;
}

const struct control volume_control = { .put = volume_put, .set = mute_set };
const struct control balance_control = { .put = balance_put };

int init_mixer(struct mixer *mix)
{
	if (reset_mixer(mix))
		return -EIO;
	return 0;
}
// expect: serves.c:56:5: warning: action 'flush_mixer_cache' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: serves.c:61:2: note: returns 1
// expect: serves.c:76:5: warning: action 'reset_mixer' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: serves.c:79:2: note: returns 1
