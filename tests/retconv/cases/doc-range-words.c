// A documented range in words is no failure's 0: "less than zero on
// error" says where failures lie, not that 0 is one (tinydtls's record
// and handshake helpers, whose callers' "< 0" was reported as taking a
// failure 0 for a success; round 23).  "0 if it cannot send" still names
// 0 a failure.
#include <errno.h>
#include <stddef.h>

/**
 * prepare_record() - seal a record.
 * @buf: where the record goes
 * @len: its room
 *
 * Return: less than zero on error, or greater than zero on success.
 */
int prepare_record(char *buf, size_t len)
{
	if (!buf || len < 13)
		return -EINVAL;
	buf[0] = 23;
	return (int)len;
}

/**
 * send_packet() - send one packet.
 * @buf: the packet
 * @len: its length
 *
 * Return: length of the packet sent, 0 if it cannot send.
 */
int send_packet(const char *buf, size_t len)
{
	if (!buf)
		return -EINVAL;
	if (!len)
		return 0;
	return (int)len;
}

int seal_and_send(char *buf, size_t len)
{
	int res = prepare_record(buf, len);

	if (res < 0)
		return res;
	res = send_packet(buf, (size_t)res);
	if (res < 0)
		return res;
	return 0;
}
// expect: doc-range-words.c:47:6: warning: 'send_packet' returns a positive value on success, 0 or a negative value on failure (class positive, from its definition at doc-range-words.c:31, whose documentation names 0 a failure): 'res < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: doc-range-words.c:46:2: note: 'res' holds the result of 'send_packet' from here
