// SPDX-License-Identifier: MIT
/*
 * The prelude: stand-ins for the commonest names of kernel-style code, for
 * a file checked without the tree its headers are in.
 *
 * Without them clang drops every statement that names one: a
 * copy_to_user() whose argument is cast to "void __user *", a "return
 * -EFAULT;", a kmalloc(..., GFP_KERNEL).  The rules need those statements
 * and nothing of what the names stand for beyond their shape, so the
 * annotations expand to nothing, the errno names to Linux's numbers, the
 * fixed-width types to the kernel's, the iterators to loops and the
 * declaring macros to declarations.  It is Coccinelle's standard.h idea,
 * built in and small.  worker.c includes it only in a second parse of a
 * file that missed headers, and keeps that parse only when it has fewer
 * errors; a header found later redefines a macro with no harm done (-w),
 * and a typedef it defines with another type takes the prelude's place.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "ast.h"

const char prelude_text[] =
/* Annotations: nothing to the compiler but sparse and the linker. */
"#define __user\n#define __kernel\n#define __iomem\n#define __force\n"
"#define __rcu\n#define __percpu\n#define __bitwise\n#define __safe\n"
"#define __init\n#define __exit\n#define __initdata\n#define __exitdata\n"
"#define __initconst\n#define __devinit\n#define __devexit\n"
"#define __devinitdata\n#define __devexit_p(x) x\n#define __cpuinit\n"
"#define __ref\n#define __refdata\n#define __read_mostly\n"
"#define __always_inline inline\n#define noinline\n#define __cold\n"
"#define __must_check\n#define __maybe_unused\n#define __always_unused\n"
"#define __used\n#define __weak\n#define __packed\n#define __aligned(x)\n"
"#define __section(x)\n#define __printf(a, b)\n#define __noreturn\n"
"#define notrace\n#define asmlinkage\n#define __visible\n#define fastcall\n"
"#define __sched\n#define __acquires(x)\n#define __releases(x)\n"
"#define __must_hold(x)\n#define __cacheline_aligned\n"
"#define ____cacheline_aligned\n#define __cacheline_aligned_in_smp\n"
"#define ____cacheline_aligned_in_smp\n#define __latent_entropy\n"
"#define __randomize_layout\n#define __counted_by(x)\n"
"#define likely(x) (x)\n#define unlikely(x) (x)\n"
"#define __ro_after_init\n#define __noinline\n#define __unused\n"
"#define __deprecated\n#define __pure\n#define __nocast\n#define __private\n"
"#define __kprobes\n#define __noclone\n#define __naked\n#define __malloc\n"
"#define __attribute_const__\n#define __alias(x)\n#define __nocfi\n"
/* Other kernel-style code bases: NuttX's pointer qualifiers, and the
 * section attributes of firmware that runs from on-chip RAM. */
"#define FAR\n"
"#define IRAM_ATTR\n#define DRAM_ATTR\n#define RTC_IRAM_ATTR\n"
"#define RTC_DATA_ATTR\n#define IRAM_DATA_ATTR\n#define __ramfunc\n"
"#define ICACHE_FLASH_ATTR\n#define ICACHE_RAM_ATTR\n"
/* The kernel's pseudo-keyword, as a name: "fallthrough;" is a statement,
 * and a header that asks for the attribute through a macro of its own
 * (GLib's "#define g_macro__has_attribute __has_attribute", then
 * "g_macro__has_attribute(fallthrough)") gets a name it does not know
 * where an empty expansion would leave the test without an argument. */
"#define fallthrough __retconv_fallthrough\n"
"extern const int __retconv_fallthrough;\n"
/* Types. */
"typedef unsigned char u8;\ntypedef unsigned short u16;\n"
"typedef unsigned int u32;\ntypedef unsigned long long u64;\n"
"typedef signed char s8;\ntypedef short s16;\ntypedef int s32;\n"
"typedef long long s64;\ntypedef unsigned char __u8;\n"
"typedef unsigned short __u16;\ntypedef unsigned int __u32;\n"
"typedef unsigned long long __u64;\ntypedef signed char __s8;\n"
"typedef short __s16;\ntypedef int __s32;\ntypedef long long __s64;\n"
/* Each in words of C's own types, so that the tree's own typedef of one
 * (prelude_for()) leaves the others whole. */
"typedef unsigned short __le16;\ntypedef unsigned short __be16;\n"
"typedef unsigned int __le32;\ntypedef unsigned int __be32;\n"
"typedef unsigned long long __le64;\ntypedef unsigned long long __be64;\n"
"typedef _Bool bool;\ntypedef unsigned long size_t;\n"
/* loff_t and dev_t as glibc has them, whose <sys/types.h> a header of a
 * driver shared with user space brings in: a typedef may be repeated
 * only with the same type. */
"typedef long ssize_t;\ntypedef __INT64_TYPE__ loff_t;\n"
"typedef unsigned gfp_t;\n"
/* The BSD and C99 integer names, as glibc has them (a driver's header
 * may bring its <sys/types.h> or <stdint.h> in too). */
"typedef unsigned char u_char;\ntypedef unsigned short u_short;\n"
"typedef unsigned int u_int;\ntypedef unsigned long u_long;\n"
"typedef unsigned char unchar;\ntypedef unsigned short ushort;\n"
"typedef unsigned int uint;\ntypedef unsigned long ulong;\n"
"typedef __INT8_TYPE__ int8_t;\ntypedef __INT16_TYPE__ int16_t;\n"
"typedef __INT32_TYPE__ int32_t;\ntypedef __INT64_TYPE__ int64_t;\n"
"typedef __UINT8_TYPE__ uint8_t;\ntypedef __UINT16_TYPE__ uint16_t;\n"
"typedef __UINT32_TYPE__ uint32_t;\ntypedef __UINT64_TYPE__ uint64_t;\n"
"typedef unsigned long uintptr_t;\ntypedef __UINT64_TYPE__ dev_t;\n"
"typedef int pid_t;\ntypedef unsigned short umode_t;\n"
"typedef unsigned long sector_t;\ntypedef unsigned long long dma_addr_t;\n"
"typedef unsigned long long phys_addr_t;\n"
"typedef struct { int counter; } atomic_t;\n"
"typedef struct { long counter; } atomic_long_t;\n"
"typedef struct { int raw; } spinlock_t;\n"
"typedef struct { int raw; } rwlock_t;\n"
"typedef int irqreturn_t;\n"
"#define IRQ_NONE 0\n#define IRQ_HANDLED 1\n#define IRQ_WAKE_THREAD 2\n"
"#define NULL ((void *)0)\n#define true 1\n#define false 0\n"
/* Constants that are only ever passed on. */
"#define GFP_KERNEL 0u\n#define GFP_ATOMIC 0u\n#define GFP_NOIO 0u\n"
"#define GFP_NOFS 0u\n#define GFP_DMA 0u\n#define GFP_USER 0u\n"
"#define __GFP_ZERO 0u\n#define __GFP_NOWARN 0u\n"
"#define KERN_EMERG \"<0>\"\n#define KERN_ALERT \"<1>\"\n"
"#define KERN_CRIT \"<2>\"\n#define KERN_ERR \"<3>\"\n"
"#define KERN_WARNING \"<4>\"\n#define KERN_NOTICE \"<5>\"\n"
"#define KERN_INFO \"<6>\"\n#define KERN_DEBUG \"<7>\"\n#define KERN_CONT \"\"\n"
"#define THIS_MODULE ((struct module *)0)\n#define HZ 100\n"
"#define PAGE_SIZE 4096ul\n#define PAGE_SHIFT 12\n#define IRQF_SHARED 0x80\n"
"extern unsigned long volatile jiffies;\n"
/* Linux's errno numbers, the kernel's own ones too. */
"#define EPERM 1\n#define ENOENT 2\n#define ESRCH 3\n#define EINTR 4\n"
"#define EIO 5\n#define ENXIO 6\n#define E2BIG 7\n#define EBADF 9\n"
"#define ECHILD 10\n#define EAGAIN 11\n#define ENOMEM 12\n#define EACCES 13\n"
"#define EFAULT 14\n#define EBUSY 16\n#define EEXIST 17\n#define EXDEV 18\n"
"#define ENODEV 19\n#define ENOTDIR 20\n#define EISDIR 21\n#define EINVAL 22\n"
"#define ENFILE 23\n#define EMFILE 24\n#define ENOTTY 25\n#define EFBIG 27\n"
"#define ENOSPC 28\n#define ESPIPE 29\n#define EROFS 30\n#define EPIPE 32\n"
"#define EDOM 33\n#define ERANGE 34\n#define EDEADLK 35\n"
"#define ENAMETOOLONG 36\n#define ENOSYS 38\n#define ENOTEMPTY 39\n"
"#define ENODATA 61\n#define ETIME 62\n#define ENOLINK 67\n#define EPROTO 71\n"
"#define EBADMSG 74\n#define EOVERFLOW 75\n#define EILSEQ 84\n"
"#define EOPNOTSUPP 95\n#define EADDRINUSE 98\n#define ENETDOWN 100\n"
"#define ECONNRESET 104\n#define ENOBUFS 105\n#define ENOTCONN 107\n"
"#define ESHUTDOWN 108\n#define ETIMEDOUT 110\n#define ECONNREFUSED 111\n"
"#define EHOSTUNREACH 113\n#define EALREADY 114\n#define EINPROGRESS 115\n"
"#define ESTALE 116\n#define EREMOTEIO 121\n#define EDQUOT 122\n"
"#define ENOMEDIUM 123\n#define ECANCELED 125\n#define ENOKEY 126\n"
"#define ERESTARTSYS 512\n#define ERESTARTNOINTR 513\n"
"#define ENOIOCTLCMD 515\n#define EPROBE_DEFER 517\n#define ENOTSUPP 524\n"
"#define EIOCBQUEUED 529\n"
/* Function-like macros of the shape a call or an expression has. */
"#define container_of(ptr, type, member) ((type *)(void *)(ptr))\n"
"#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))\n"
"#define min(a, b) ((a) < (b) ? (a) : (b))\n"
"#define max(a, b) ((a) > (b) ? (a) : (b))\n"
"#define min_t(t, a, b) ((t)(a) < (t)(b) ? (t)(a) : (t)(b))\n"
"#define max_t(t, a, b) ((t)(a) > (t)(b) ? (t)(a) : (t)(b))\n"
"#define BUG() __builtin_trap()\n#define BUG_ON(c) ((void)(c))\n"
"#define WARN_ON(c) (!!(c))\n#define WARN_ON_ONCE(c) (!!(c))\n"
"#define WARN(c, ...) (!!(c))\n#define BUILD_BUG_ON(c) ((void)0)\n"
"#define READ_ONCE(x) (x)\n#define WRITE_ONCE(x, v) ((x) = (v))\n"
"#define offsetof(t, m) __builtin_offsetof(t, m)\n"
/* Iterators: loops, with the cursor assigned so that it is used. */
"#define list_for_each(p, h) for (p = (void *)(h); p; )\n"
"#define list_for_each_safe(p, n, h) for (p = n = (void *)(h); p; )\n"
"#define list_for_each_entry(p, h, m) for (p = (void *)(h); p; )\n"
"#define list_for_each_entry_reverse(p, h, m) for (p = (void *)(h); p; )\n"
"#define list_for_each_entry_safe(p, n, h, m) for (p = n = (void *)(h); p; )\n"
"#define list_for_each_entry_rcu(p, h, m, ...) for (p = (void *)(h); p; )\n"
"#define hlist_for_each_entry(p, h, m) for (p = (void *)(h); p; )\n"
"#define for_each_possible_cpu(c) for (c = 0; c < 1; c++)\n"
"#define for_each_online_cpu(c) for (c = 0; c < 1; c++)\n"
"#define for_each_set_bit(b, a, n) for (b = 0; b < (n); b++)\n"
/* Declaring macros at file scope. */
"#define EXPORT_SYMBOL(s) extern int __retconv_export\n"
"#define EXPORT_SYMBOL_GPL(s) extern int __retconv_export\n"
"#define EXPORT_SYMBOL_NS_GPL(s, ns) extern int __retconv_export\n"
"#define MODULE_LICENSE(s) extern int __retconv_module\n"
"#define MODULE_AUTHOR(s) extern int __retconv_module\n"
"#define MODULE_DESCRIPTION(s) extern int __retconv_module\n"
"#define MODULE_VERSION(s) extern int __retconv_module\n"
"#define MODULE_ALIAS(s) extern int __retconv_module\n"
"#define MODULE_DEVICE_TABLE(t, n) extern int __retconv_module\n"
"#define MODULE_PARM_DESC(n, s) extern int __retconv_module\n"
"#define module_param(n, t, p) extern int __retconv_module\n"
"#define module_init(f) extern int __retconv_module\n"
"#define module_exit(f) extern int __retconv_module\n"
/* A boot option's handler returns 1 when it took the option: the handler
 * is the kernel's callback, its address taken as the real macro does. */
"#define __setup(s, f) static void *__retconv_setup_##f = (void *)(f)\n"
"#define early_param(s, f) static void *__retconv_early_##f = (void *)(f)\n"
"#define late_initcall(f) extern int __retconv_module\n"
"#define subsys_initcall(f) extern int __retconv_module\n"
"#define device_initcall(f) extern int __retconv_module\n"
"#define DEFINE_MUTEX(n) struct mutex n\n"
"#define DEFINE_SPINLOCK(n) spinlock_t n\n"
"#define LIST_HEAD(n) struct list_head n\n"
"#define DECLARE_WORK(n, f) struct work_struct n\n"
"#define DECLARE_DELAYED_WORK(n, f) struct delayed_work n\n"
"#define DECLARE_WAIT_QUEUE_HEAD(n) struct wait_queue_head n\n"
"#define DECLARE_COMPLETION(n) struct completion n\n"
"#define DEFINE_IDR(n) struct idr n\n";

/*
 * Stand-ins for the types a file's absent headers would have defined.
 * A parameter of an unknown type name ("act2000_card *card") is an
 * invalid declaration: clang then drops every expression that names it,
 * and with them the calls whose results the rules read, "if
 * (!request_irq(irq, ..., card))" included.  A variable of a structure
 * never defined ("static struct device root") is the same.  Declared as
 * a structure of one member, the type makes the declarations valid; what
 * code does with their members stays an error, in that expression only.
 * A constant in capitals from an absent header ("char
 * name[MAX_RDS_PS_NAME + 1]") is the same: it becomes a constant object
 * of unknown value, which clang cannot fold, so that what a function
 * returns through it stays unknown.  Any other name ("no_llseek" in a
 * file_operations table, whose whole initializer clang drops, and with
 * it the handlers' addresses taken there) becomes a variable.  Only the names clang said it
 * missed are declared, so a header that defines one cannot be there.
 */
enum standin { TYPEDEF, STRUCT, CONSTANT };

static const struct {
	enum standin kind;
	const char *form;
} standin_forms[] = {
	{ TYPEDEF, "unknown type name '" },
	{ STRUCT, "variable has incomplete type 'struct " },
	{ STRUCT, "variable has incomplete type 'const struct " },
	{ STRUCT, "field has incomplete type 'struct " },
	{ STRUCT, "array has incomplete element type 'struct " },
	{ STRUCT, "tentative definition has type 'struct " },
	{ CONSTANT, "use of undeclared identifier '" },
};

static bool macro_like(const char *name)
{
	if (!name[0] || !name[1] || (name[0] >= '0' && name[0] <= '9'))
		return false;
	return strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") ==
	       strlen(name);
}

/*
 * A missing type named for a fixed width ("zip_int64_t", "guint32",
 * "u_int16_t", "apr_uint64_t"), the kind a generated header (zipconf.h,
 * glibconfig.h) defines for the build's compiler, is that integer: as a
 * structure, every comparison of a result of that type would be an error
 * and the rules would lose the test.  The width ends the name; a "u"
 * just before "int" (or before "_int") makes it unsigned.  NULL when the
 * name is no such width.
 */
static const char *width_type(const char *name)
{
	static const char *const types[2][4] = {
		{ "__INT8_TYPE__", "__INT16_TYPE__", "__INT32_TYPE__",
		  "__INT64_TYPE__" },
		{ "__UINT8_TYPE__", "__UINT16_TYPE__", "__UINT32_TYPE__",
		  "__UINT64_TYPE__" },
	};
	static const char *const bits[] = { "8", "16", "32", "64" };
	size_t n = strlen(name), i, at;
	bool u;

	if (n > 2 && !strcmp(name + n - 2, "_t"))
		n -= 2;
	for (i = 0; i < 4; i++) {
		size_t b = strlen(bits[i]);

		if (n < b + 3 || strncmp(name + n - b, bits[i], b))
			continue;
		at = n - b - 3;
		if (strncasecmp(name + at, "int", 3))
			return NULL;
		if (at && ident_char(name[at - 1]) && name[at - 1] != '_' &&
		    name[at - 1] != 'u' && name[at - 1] != 'U' &&
		    !(name[at - 1] >= 'a' && name[at - 1] <= 'z' && at == 1))
			return NULL;
		u = (at >= 1 && (name[at - 1] == 'u' || name[at - 1] == 'U')) ||
		    (at >= 2 && name[at - 1] == '_' &&
		     (name[at - 2] == 'u' || name[at - 2] == 'U') &&
		     (at == 2 || !ident_char(name[at - 3]) ||
		      name[at - 3] == '_'));
		return types[u][i];
	}
	return NULL;
}

static char *standin_line(enum standin kind, const char *name)
{
	const char *width;

	switch (kind) {
	case TYPEDEF:
		width = width_type(name);
		if (width)
			return xasprintf("typedef %s %s;\n", width, name);
		return xasprintf("typedef struct __retconv_t_%s { int __retconv_t; } %s;\n",
				 name, name);
	case STRUCT:
		return xasprintf("struct %s { int __retconv_s; };\n", name);
	default:
		return xasprintf(macro_like(name) ? "extern const int %s;\n" :
				 "extern int %s;\n", name);
	}
}

/* The name a diagnostic of @form quotes, or NULL. */
static char *standin_name(const char *text, const char *form)
{
	size_t n = strlen(form), len;

	if (strncmp(text, form, n))
		return NULL;
	text += n;
	len = strspn(text, "abcdefghijklmnopqrstuvwxyz"
			   "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	if (!len || text[len] != '\'' || (text[0] >= '0' && text[0] <= '9'))
		return NULL;
	return xasprintf("%.*s", (int)len, text);
}

static void standin_add(char **text, const char *line)
{
	char *old = *text;

	if (old && strstr(old, line))
		return;
	*text = xasprintf("%s%s", old ? old : "", line);
	free(old);
}

/* Whether @text holds @before, @name and @after together. */
static bool holds(const char *text, const char *before, const char *name,
		  const char *after)
{
	char *line;
	bool found;

	if (!text)
		return false;
	line = xasprintf("%s%s%s", before, name, after);
	found = strstr(text, line);
	free(line);
	return found;
}

/* Whether @text already declares @name as a type. */
static bool standin_type(const char *text, const char *name)
{
	return holds(text, "} ", name, ";\n") ||
	       holds(text, "_TYPE__ ", name, ";\n");
}

/* Whether @text defines @name away already (qualifier_pass()). */
static bool defined_away(const char *text, const char *name)
{
	return holds(text, "#define ", name, "\n") ||
	       holds(text, "#define ", name, "(...)\n");
}

/*
 * A typedef whose own type was missing ("typedef zip_int64_t (*cb)(...)",
 * the width from a generated header) is no declaration of its name at
 * all: clang takes the missing type for the name being declared.  The
 * name's uses then say it is missing, and it gets a stand-in; once the
 * missing type has one too, the tree's typedef parses and clashes with
 * it, which drops the declarations that use the name.  The clash names
 * the stand-in: it goes, and a mark keeps it from coming back.
 */
static const char clash_form[] = "typedef redefinition with different types (";

#define REFUSED_MARK	" is the tree's own typedef */\n"

static bool refused(const char *text, const char *name)
{
	return holds(text, "/* ", name, REFUSED_MARK);
}

/* The stand-in a clash diagnostic says the tree defines, or NULL. */
static char *clash_name(const char *text)
{
	const char *at = strstr(text, " vs 'struct __retconv_t_");
	size_t len;

	if (strncmp(text, clash_form, sizeof(clash_form) - 1) || !at)
		return NULL;
	at += strlen(" vs 'struct __retconv_t_");
	len = strspn(at, "abcdefghijklmnopqrstuvwxyz"
			 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
	return len && at[len] == '\'' ? xasprintf("%.*s", (int)len, at) : NULL;
}

/* Take @line (a whole line, as made) out of @text. */
static void drop_line(char *text, const char *line)
{
	char *at = text ? strstr(text, line) : NULL;
	size_t n = strlen(line);

	if (at)
		memmove(at, at + n, strlen(at + n) + 1);
}

static void refuse(char **text, const char *name)
{
	char *line = standin_line(TYPEDEF, name);
	char *mark = xasprintf("/* %s" REFUSED_MARK, name);

	drop_line(*text, line);
	standin_add(text, mark);
	free(mark);
	free(line);
}

/* Whether the prelude defines @name (a macro, a typedef, an object): a
 * parse without the prelude reports it missing, and one with it will not. */
static bool prelude_has(const char *name)
{
	size_t n = strlen(name);
	const char *at;

	for (at = strstr(prelude_text, name); at;
	     at = strstr(at + 1, name)) {
		if (ident_char(at[-1]) || ident_char(at[n]))
			continue;
		if ((at - prelude_text >= 8 && !strncmp(at - 8, "#define ", 8)) ||
		    !strncmp(at + n, ";\n", 2))
			return true;
	}
	return false;
}

/*
 * The prelude's own typedef of a name the tree defines with another type
 * ("typedef int64_t s64" where the prelude has long long): clang keeps
 * the first and drops the tree's, an error in a header that every file
 * including it then carries.  The tree's definition is the one its code
 * was written for, so the clash refuses the prelude's line as it does a
 * stand-in's (prelude_for()).  The prelude comes first in the unit, so a
 * clash at a name it defines is with the prelude's line; the note that
 * says so is not kept (a note in an included file).
 */
static char *diag_line(CXTranslationUnit tu, CXDiagnostic d, size_t *col);
static char *word_at(const char *at, bool *call);

static char *prelude_clash(CXTranslationUnit tu, CXDiagnostic d,
			   const char *msg)
{
	char *line, *name = NULL;
	bool call;
	size_t col;

	if (strncmp(msg, clash_form, sizeof(clash_form) - 1))
		return NULL;
	line = diag_line(tu, d, &col);
	if (line)
		name = word_at(line + col, &call);
	free(line);
	if (name && !prelude_has(name)) {
		free(name);
		name = NULL;
	}
	return name;
}

/* One pass over the diagnostics: the types first, then the names, which
 * must not be declared again as objects where code also uses them as
 * types ("act2000_card *card" and "sizeof(act2000_card)"). */
static bool starts_declaration(CXTranslationUnit tu, CXDiagnostic d,
			       const char *name);

/*
 * The stand-in for @name, of @kind unless the code declares with it: a
 * name "undeclared" where a declaration starts ("gint64 got = ...", the
 * type's first use inside a function) is a type, and one already stood
 * in as a variable by another use gives way to it.
 */
static char *standin_for(CXTranslationUnit tu, CXDiagnostic d,
			 enum standin kind, const char *name, char **text)
{
	char *object;

	if (kind != CONSTANT || !starts_declaration(tu, d, name))
		return standin_line(kind, name);
	object = standin_line(CONSTANT, name);
	drop_line(*text, object);
	free(object);
	return standin_line(TYPEDEF, name);
}

static void standin_pass(CXTranslationUnit tu, bool objects, char **text)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	char *name, *line;
	size_t f;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);

		name = objects ? NULL : clash_name(clang_getCString(s));
		if (!objects && !name)
			name = prelude_clash(tu, d, clang_getCString(s));
		if (name)
			refuse(text, name);
		free(name);
		for (f = 0; f < sizeof(standin_forms) / sizeof(*standin_forms);
		     f++) {
			if ((standin_forms[f].kind == CONSTANT) != objects)
				continue;
			name = standin_name(clang_getCString(s),
					    standin_forms[f].form);
			if (!name)
				continue;
			line = (objects && standin_type(*text, name)) ||
			       defined_away(*text, name) ||
			       refused(*text, name) ||
			       prelude_has(name) ? NULL :
			       standin_for(tu, d, standin_forms[f].kind, name,
					   text);
			if (line)
				standin_add(text, line);
			free(line);
			free(name);
			break;
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}

/*
 * An annotation no header defined for this parse (IRAM_ATTR, FAR, a
 * project's __section_x(".iram")) between a declaration's type and its
 * name, or after its parameters: clang reads the annotation as the name
 * and gives up on the declaration, and its recovery skips to the next ";"
 * or "}", often the whole function and the ones after it.  The place of
 * the error says which word it was; defined away, as the real macro
 * mostly is, the declaration parses.
 */
static const char *const qualifier_errors[] = {
	"expected ';' after top level declarator",
	"expected ')'",
	"expected function body after function declarator",
	"expected parameter declarator",	/* from here: "X(1, 2) int f" */
	"expected identifier or '('",
};

/* The name that ends before @at in @line ("X" or "X(...)"), or NULL. */
static char *word_before(const char *line, const char *at, bool *call)
{
	const char *end = at, *start;
	int depth = 0;

	while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	*call = end > line && end[-1] == ')';
	while (*call && end > line) {
		end--;
		depth += *end == ')' ? 1 : *end == '(' ? -1 : 0;
		if (!depth)
			break;
	}
	while (*call && end > line && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	start = end;
	while (start > line && ident_char(start[-1]))
		start--;
	if (start == end || (*start >= '0' && *start <= '9'))
		return NULL;
	/* a type's word or a '*' must come before it: "int FAR *p" */
	at = start;
	while (at > line && (at[-1] == ' ' || at[-1] == '\t'))
		at--;
	if (at == line || !(ident_char(at[-1]) || at[-1] == '*'))
		return NULL;
	return xasprintf("%.*s", (int)(end - start), start);
}

/* The name that starts at @at ("X" or "X(...)"), or NULL. */
static char *word_at(const char *at, bool *call)
{
	const char *end = at;

	while (ident_char(*end))
		end++;
	if (end == at || (*at >= '0' && *at <= '9'))
		return NULL;
	*call = *end == '(';
	return xasprintf("%.*s", (int)(end - at), at);
}

/* The X of a line that starts "X(" with @at inside the parentheses. */
static char *leading_call(const char *line, const char *at, bool *call)
{
	const char *start = line, *end;
	char *name;

	while (*start == ' ' || *start == '\t')
		start++;
	name = word_at(start, call);
	end = start + (name ? strlen(name) : 0);
	if (name && *call && at > end &&
	    !memchr(end, ')', (size_t)(at - end)))
		return name;
	free(name);
	return NULL;
}

/* Whether @name is one of C's words: those are no annotation. */
static bool c_word(const char *name)
{
	static const char *const words[] = {
		"int", "char", "short", "long", "unsigned", "signed", "void",
		"float", "double", "_Bool", "bool", "struct", "union", "enum",
		"const", "volatile", "static", "extern", "inline", "register",
		"restrict", "typedef", "auto", "__attribute__", "asm",
		"__asm__", "return", "sizeof", "if", "else", "while", "for",
	};
	size_t i;

	for (i = 0; i < sizeof(words) / sizeof(*words); i++)
		if (!strcmp(words[i], name))
			return true;
	return false;
}

/* A copy of the line diagnostic @d is on, and its column from 0. */
static char *diag_line(CXTranslationUnit tu, CXDiagnostic d, size_t *col)
{
	const char *s;
	unsigned line, c;
	size_t len = 0;
	CXFile file;

	clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file,
				  &line, &c, NULL);
	s = file ? file_line(tu, file, line, &len) : NULL;
	if (!s || c < 1 || c - 1 > len)
		return NULL;
	*col = c - 1;
	return xasprintf("%.*s", (int)len, s);
}

/*
 * Whether @name, where diagnostic @d points, is followed by a declarator:
 * "X y", "X y = ...", "X *y;".  No expression puts two names side by side;
 * "X * y;" could be a product, so that form needs a name not in capitals.
 */
static bool starts_declaration(CXTranslationUnit tu, CXDiagnostic d,
			       const char *name)
{
	size_t col = 0, len, stars;
	char *line = diag_line(tu, d, &col);
	const char *at;
	bool decl = false;

	if (line && !strncmp(line + col, name, strlen(name))) {
		at = line + col + strlen(name);
		at += strspn(at, " \t");
		stars = strspn(at, "*");
		at += stars;
		at += strspn(at, " \t");
		len = strspn(at, "abcdefghijklmnopqrstuvwxyz"
				 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		if (len && !(*at >= '0' && *at <= '9')) {
			at += len;
			at += strspn(at, " \t");
			decl = strchr("=;,[", *at) && *at &&
			       (!stars || !macro_like(name));
		}
	}
	free(line);
	return decl;
}

/* The annotation diagnostic @d trips on, as a #define line, or NULL. */
static char *qualifier_line(CXTranslationUnit tu, CXDiagnostic d,
			    const char *text)
{
	size_t k, n = sizeof(qualifier_errors) / sizeof(*qualifier_errors);
	char *name = NULL, *def, *line;
	bool call = false;
	size_t col;

	for (k = 0; k < n && strcmp(text, qualifier_errors[k]); k++)
		;
	line = k < n ? diag_line(tu, d, &col) : NULL;
	if (!line)
		return NULL;
	if (k == 2)		/* after the parameters: "int f(void) X;" */
		name = word_at(line + col, &call);
	else if (k >= 3)
		name = leading_call(line, line + col, &call);
	else
		name = word_before(line, line + col, &call);
	free(line);
	if (!name || c_word(name) || prelude_has(name)) {
		free(name);
		return NULL;
	}
	def = xasprintf(call ? "#define %s(...)\n" : "#define %s\n", name);
	free(name);
	return def;
}

/*
 * "unknown type name 'X'" where a type follows X ("__cold_x int f(...)"):
 * X is an annotation, not a type, and a stand-in type would make the
 * function return a structure.
 */
static char *annotation_type(CXTranslationUnit tu, CXDiagnostic d,
			     const char *name)
{
	size_t col = 0, len;
	char *line = diag_line(tu, d, &col), *at, *word;
	bool type = false;

	if (line && col + strlen(name) <= strlen(line)) {
		at = line + col + strlen(name);
		at += strspn(at, " \t");
		len = strspn(at, "abcdefghijklmnopqrstuvwxyz"
				 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		word = xasprintf("%.*s", (int)len, at);
		type = len && c_word(word);
		free(word);
	}
	free(line);
	return type ? xasprintf("#define %s\n", name) : NULL;
}

static void qualifier_pass(CXTranslationUnit tu, char **text)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	char *line, *name;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s = clang_getDiagnosticSpelling(d);
		const char *msg = clang_getCString(s);

		line = qualifier_line(tu, d, msg);
		name = line ? NULL : standin_name(msg, standin_forms[0].form);
		if (name)
			line = annotation_type(tu, d, name);
		if (line)
			standin_add(text, line);
		free(line);
		free(name);
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}

/*
 * The text of the prelude file for a parse with @standins: the prelude,
 * less each typedef the stand-ins' marks say the tree defines itself,
 * then the stand-ins.
 */
char *prelude_for(const char *standins)
{
	char *text = xmalloc(sizeof(prelude_text) + strlen(standins));
	const char *at = prelude_text, *end, *semi;
	char *to = text, *name;
	bool keep;

	for (; *at; at = end) {
		end = strchr(at, '\n');
		end = end ? end + 1 : at + strlen(at);
		keep = true;
		semi = end - at > 2 && end[-2] == ';' ? end - 2 : NULL;
		if (semi && !strncmp(at, "typedef ", 8)) {
			const char *start = semi;

			while (start > at && ident_char(start[-1]))
				start--;
			name = xasprintf("%.*s", (int)(semi - start), start);
			keep = !refused(standins, name);
			free(name);
		}
		if (keep) {
			memcpy(to, at, (size_t)(end - at));
			to += end - at;
		}
	}
	strcpy(to, standins);
	return text;
}

char *prelude_standins(CXTranslationUnit tu, const char *before)
{
	char *text = before ? xstrdup(before) : NULL;

	/* A new unit each time, perhaps where a freed one was. */
	ast_unit(tu);
	qualifier_pass(tu, &text);
	standin_pass(tu, false, &text);
	standin_pass(tu, true, &text);
	if (text && before && !strcmp(text, before)) {
		free(text);
		return NULL;
	}
	return text;
}
