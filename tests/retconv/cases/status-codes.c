// A status whose failures are codes named as such and whose success is
// 0, in an unsigned type (a trusted OS's TEE_Result): it reads as a
// count by its type, but its 0 is success.  A branch taken on 0 that
// handles an error, or an assertion of the status, takes the success for
// the failure.  Tested the other way, or a function whose name asks a
// question, it stays silent.
#include <stdint.h>

typedef uint32_t res_t;
#define RES_SUCCESS		0x00000000
#define RES_ERROR_BAD_STATE	0xffff0007
#define RES_ERROR_BAD_PARAMS	0xffff0006

void panic(const char *msg) __attribute__((noreturn));

res_t check_region(unsigned int id)
{
	if (id > 4)
		return RES_ERROR_BAD_PARAMS;
	if (id == 3)
		return RES_ERROR_BAD_STATE;
	return RES_SUCCESS;
}

res_t region_is_secure(unsigned int id)
{
	if (id > 4)
		return RES_ERROR_BAD_PARAMS;
	return RES_SUCCESS;
}

res_t setup_region(unsigned int id)
{
	res_t res = check_region(id);

	if (!res)
		goto err;
	return RES_SUCCESS;
err:
	panic("bad region");
}

/* Right. */
res_t setup_other(unsigned int id)
{
	res_t res = check_region(id);

	if (res)
		goto err;
	if (!region_is_secure(id))
		panic("secure");
	return RES_SUCCESS;
err:
	return res;
}
// expect: status-codes.c:36:6: warning: 'check_region' returns 0 or failure codes named as such (from its definition at status-codes.c:16): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: status-codes.c:34:8: note: 'res' holds the result of 'check_region' from here
// expect: status-codes.c:37:3: note: the branch goes to the error label 'err'
