// SPDX-License-Identifier: MIT
/*
 * The contracts of libraries outside the input: what the C library's,
 * POSIX's, OpenSSL's and a few other widely used libraries' functions
 * (libusb, ZeroMQ, Mbed TLS) return, as their documentation says.
 *
 * A call site is judged by its callee's class, and most of the calls a
 * project makes to outside code have no definition in the tree: a read's
 * 0 is the end of the file, a descriptor may be 0, SSL_read's failure may
 * be 0.  Each entry below is the RETURN VALUE section of the function's
 * manual page (Debian's manpages-dev, man 2 and 3; OpenSSL's man 3ssl),
 * stated as one of the classes the rules know:
 *
 *   status      0 on success, -1 with errno set on failure;
 *   value       a count or a length, never negative on success, and -1
 *               (or EOF, or "a negative value") on failure;
 *   descriptor  a descriptor on success, which may be 0, and -1 on
 *               failure;
 *   positive    success is above 0 (1, or a count), failure is 0 or
 *               negative: OpenSSL's SSL_get_error(3) says "SSL_ERROR_NONE
 *               ... if and only if ret > 0", and inet_pton(3) returns 1,
 *               0 for an address that does not parse, -1 for a bad family;
 *   boolean     1 on success, 0 on failure (OpenSSL's "return 1 for
 *               success and 0 for failure");
 *   mixed       a count, or a negative error code (GnuTLS's "number of
 *               certificates processed or a negative error value";
 *               libfabric's number of completions or a negative
 *               fabric errno).
 *
 * table_init() pushes them before its own entries, so that a name kwq or
 * the kernel declare keeps its meaning there, and a --table file
 * overrides both.  This file only holds the data: table.c reads it.
 * Functions whose contract depends on an argument (ioctl, and fcntl but
 * with a command that sets something: a status, origin.c), that
 * report errors only through errno (strtol), or whose non-zero counts are
 * facts rather than successes (poll, select, epoll_wait: a branch on "it
 * is ready" may well fail), are left out.
 */
#include <string.h>

#include "retconv.h"

const struct rc_outside outside_contracts[] = {
	/* man 2 and 3: "On success, zero is returned.  On error, -1 is
	 * returned, and errno is set". */
	{ TC_STATUS, "close bind listen connect shutdown setsockopt "
		"getsockopt getsockname getpeername socketpair pipe pipe2 "
		"stat fstat lstat fstatat statfs fstatfs statx access "
		"faccessat chdir fchdir chmod fchmod fchmodat chown fchown "
		"lchown fchownat chroot mkdir mkdirat rmdir unlink unlinkat "
		"rename renameat renameat2 link linkat symlink symlinkat "
		"truncate ftruncate fsync fdatasync syncfs flock msync "
		"munmap mprotect mlock munlock mount umount umount2 kill "
		"tgkill sigaction sigprocmask sigpending sigaltstack "
		"nanosleep clock_gettime clock_settime clock_getres "
		"gettimeofday settimeofday getrlimit setrlimit prlimit "
		"getrusage setuid setgid seteuid setegid setreuid setregid "
		"setresuid setresgid gethostname sethostname uname utime "
		"utimes epoll_ctl timerfd_settime timerfd_gettime setenv "
		"unsetenv sem_init sem_destroy sem_wait sem_trywait "
		"sem_timedwait sem_post sem_getvalue" },
	/* "the number of bytes read/written/placed ... On error, -1";
	 * scanf(3): "the number of input items successfully matched ...
	 * EOF"; printf(3): "a negative value is returned" on output error. */
	{ TC_VALUE, "read write pread pwrite readv writev preadv pwritev "
		"recv recvfrom recvmsg send sendto sendmsg sendfile splice "
		"tee readlink readlinkat getrandom getline getdelim "
		"scanf fscanf sscanf vscanf vfscanf vsscanf "
		"printf fprintf dprintf sprintf snprintf vprintf vfprintf "
		"vdprintf vsprintf vsnprintf asprintf vasprintf "
		/* ftell(3): the offset, or -1; scandir(3): the number of
		 * entries, or -1; getxattr(2) and its kin: the size, or -1.
		 * Not lseek(2), whose "if (lseek(fd, 0, SEEK_SET))" asks
		 * for the offset it gave. */
		"ftell ftello scandir scandirat getxattr "
		"lgetxattr fgetxattr listxattr llistxattr flistxattr" },
	/* "return the new file descriptor (a nonnegative integer) ... On
	 * error, -1". */
	{ TC_DESCRIPTOR, "open openat creat socket accept accept4 dup dup2 "
		"dup3 epoll_create epoll_create1 eventfd timerfd_create "
		"signalfd inotify_init inotify_init1 inotify_add_watch "
		"memfd_create fanotify_init mkstemp mkostemp mkstemps "
		"mkostemps fileno posix_openpt" },
	/* SSL_get_error(3): success if and only if ret > 0; SSL_CTX_use_
	 * certificate(3): "On success, the functions return 1.  Otherwise
	 * check out the error stack"; EVP_PKEY_sign(3) and its kin: "1 for
	 * success and 0 or a negative value for failure"; X509_verify_cert
	 * (3): 1, 0, or negative in exceptional circumstances; RAND_bytes
	 * (3): 1, -1 if not supported, 0 otherwise; inet_pton(3);
	 * X509_load_cert_file(3) and its kin: the number of objects
	 * loaded, 0 on failure. */
	{ TC_POSITIVE, "SSL_read SSL_write SSL_peek SSL_connect SSL_accept "
		"SSL_do_handshake SSL_CTX_use_certificate_file "
		"SSL_CTX_use_PrivateKey_file SSL_CTX_use_certificate_chain_file "
		"SSL_use_certificate_file SSL_use_PrivateKey_file "
		"SSL_CTX_use_certificate SSL_CTX_use_PrivateKey "
		"EVP_PKEY_sign_init EVP_PKEY_sign EVP_PKEY_verify_init "
		"EVP_PKEY_verify EVP_PKEY_encrypt_init EVP_PKEY_encrypt "
		"EVP_PKEY_decrypt_init EVP_PKEY_decrypt EVP_PKEY_derive_init "
		"EVP_PKEY_derive_set_peer EVP_PKEY_derive EVP_PKEY_keygen_init "
		"EVP_PKEY_keygen EVP_PKEY_paramgen_init EVP_PKEY_paramgen "
		"X509_verify_cert RAND_bytes RAND_priv_bytes inet_pton "
		"X509_load_cert_file X509_load_crl_file X509_load_cert_crl_file "
		/* fread(3), fwrite(3): the number of items, never negative,
		 * and short (0 for one item) on an error or at the end of
		 * the file; strftime(3): the number of bytes, 0 when they do
		 * not fit. */
		"fread fwrite fread_unlocked fwrite_unlocked strftime" },
	/* "return 1 for success and 0 for failure". */
	{ TC_BOOLEAN, "EVP_DigestInit_ex EVP_DigestUpdate EVP_DigestFinal_ex "
		"EVP_EncryptInit_ex EVP_EncryptUpdate EVP_EncryptFinal_ex "
		"EVP_DecryptInit_ex EVP_DecryptUpdate EVP_DecryptFinal_ex "
		"EVP_CipherInit_ex EVP_CipherUpdate EVP_CipherFinal_ex "
		"EVP_DigestSignInit EVP_DigestSignUpdate EVP_DigestSignFinal "
		"EVP_DigestVerifyInit EVP_DigestVerifyUpdate HMAC_Init_ex "
		"HMAC_Update HMAC_Final SSL_CTX_load_verify_locations "
		"SSL_CTX_set_default_verify_paths SSL_CTX_check_private_key "
		"SSL_check_private_key SSL_CTX_set_cipher_list "
		"SSL_set_cipher_list SSL_set_fd SSL_set_rfd SSL_set_wfd "
		/* SHA1_Init(3), MD5_Init(3): "return 1 for success, 0
		 * otherwise". */
		"SHA1_Init SHA1_Update SHA1_Final SHA224_Init SHA224_Update "
		"SHA224_Final SHA256_Init SHA256_Update SHA256_Final "
		"SHA384_Init SHA384_Update SHA384_Final SHA512_Init "
		"SHA512_Update SHA512_Final MD5_Init MD5_Update MD5_Final" },
	/* GnuTLS: a number of certificates or bytes, or a negative
	 * GNUTLS_E_* code. */
	{ TC_MIXED, "gnutls_certificate_set_x509_trust_file "
		"gnutls_certificate_set_x509_trust_mem "
		"gnutls_certificate_set_x509_crl_file "
		"gnutls_certificate_set_x509_system_trust "
		"gnutls_record_recv gnutls_record_send" },
	/* libfabric: fi_cq(3), "On success, returns the number of
	 * completions retrieved" (fi_cq_readerr: "the positive value 1"),
	 * a negative fabric errno on error (-FI_EAGAIN when empty); fi_eq
	 * (3), "the number of bytes read from the event queue".  Not
	 * fi_av_insert: a synchronous address vector's insert returns the
	 * number of addresses inserted, an asynchronous one's 0, so "if
	 * (ret)" is right for the one and wrong for the other (fi_av(3)). */
	{ TC_MIXED, "fi_cq_read fi_cq_readfrom fi_cq_readerr fi_cq_sread "
		"fi_cq_sreadfrom fi_eq_read fi_eq_readerr fi_eq_sread" },
	/* fseek(3), fclose(3), fflush(3): 0, or -1 (EOF) with errno
	 * set. */
	{ TC_STATUS, "fseek fseeko fclose fflush" },
	/* libusb's API reference: "0 on success", a negative LIBUSB_ERROR
	 * code on failure; its transfers and descriptor reads return the
	 * number of bytes (libusb_control_transfer(),
	 * libusb_get_string_descriptor_ascii()) or of devices
	 * (libusb_get_device_list()), or that negative code. */
	{ TC_ERRNO, "libusb_init libusb_open libusb_claim_interface "
		"libusb_release_interface libusb_set_configuration "
		"libusb_get_configuration libusb_set_interface_alt_setting "
		"libusb_clear_halt libusb_reset_device "
		"libusb_detach_kernel_driver libusb_attach_kernel_driver "
		"libusb_set_auto_detach_kernel_driver "
		"libusb_get_device_descriptor "
		"libusb_get_active_config_descriptor "
		"libusb_get_config_descriptor "
		"libusb_get_config_descriptor_by_value libusb_submit_transfer "
		"libusb_cancel_transfer libusb_bulk_transfer "
		"libusb_interrupt_transfer libusb_handle_events "
		"libusb_handle_events_timeout "
		"libusb_handle_events_timeout_completed "
		"libusb_handle_events_completed" },
	{ TC_MIXED, "libusb_control_transfer libusb_get_descriptor "
		"libusb_get_string_descriptor "
		"libusb_get_string_descriptor_ascii libusb_get_device_list "
		"libusb_get_port_numbers libusb_get_max_packet_size "
		"libusb_get_max_iso_packet_size" },
	/* ZeroMQ's manual: zmq_send(3), zmq_msg_send(3) and their readers
	 * "return number of bytes in the message if successful.  Otherwise
	 * ... -1"; zmq_bind(3), zmq_close(3), zmq_setsockopt(3), zmq_msg_
	 * init(3)...: "zero if successful.  Otherwise ... -1". */
	{ TC_VALUE, "zmq_send zmq_recv zmq_send_const zmq_msg_send "
		"zmq_msg_recv zmq_sendmsg zmq_recvmsg" },
	{ TC_STATUS, "zmq_bind zmq_connect zmq_unbind zmq_disconnect "
		"zmq_close zmq_setsockopt zmq_getsockopt zmq_ctx_term "
		"zmq_ctx_destroy zmq_ctx_shutdown zmq_ctx_set zmq_term "
		"zmq_msg_init zmq_msg_init_size zmq_msg_init_data "
		"zmq_msg_close zmq_msg_copy zmq_msg_move" },
	/* ASN1_STRING_to_UTF8(3): "the length of out or a negative error
	 * code"; Mbed TLS's writers of a name, a serial or an OID
	 * (mbedtls_x509_dn_gets()...): "the length of the string written
	 * ... or a negative error code", and mbedtls_ssl_read()/_write():
	 * the number of bytes, or a negative MBEDTLS_ERR_ code. */
	{ TC_MIXED, "ASN1_STRING_to_UTF8 mbedtls_x509_dn_gets "
		"mbedtls_x509_serial_gets mbedtls_oid_get_numeric_string "
		"mbedtls_x509_crt_info mbedtls_x509_crl_info "
		"mbedtls_x509_csr_info mbedtls_ssl_read mbedtls_ssl_write" },
};

const size_t nr_outside_contracts =
	sizeof(outside_contracts) / sizeof(outside_contracts[0]);

/*
 * Interfaces fixed outside whose results none of the classes above says,
 * for their definitions only: a stand-in or a test's stub of one keeps
 * its contract, whatever its name reads as.  MySQL's C API: "Zero for
 * success.  Nonzero if an error occurred." (mysql_stmt_close(),
 * mysql_commit(), mysql_stmt_bind_param(), ...; mysql_ssl_set() "always
 * returns 0"), a bool of failure.
 */
const char *const outside_interfaces =
	"mysql_ssl_set mysql_stmt_close mysql_stmt_reset "
	"mysql_stmt_free_result mysql_stmt_bind_param mysql_stmt_bind_result "
	"mysql_stmt_send_long_data mysql_stmt_attr_set mysql_stmt_attr_get "
	"mysql_commit mysql_rollback mysql_autocommit mysql_change_user "
	"mysql_more_results mysql_thread_init mysql_eof";

/*
 * The reading functions of the value class whose 0 is the end of the
 * input, an outcome of its own: read(2) and pread(2), "zero indicates end
 * of file"; readv(2) and preadv(2) as read.  Not recv(2) and its kin:
 * their 0 is the end only of a stream ("When a stream socket peer has
 * performed an orderly shutdown"); on a datagram socket it is an empty
 * datagram, and the next call waits for another.  A loop that waits for
 * the bytes of a reading function must tell 0 apart (stall.c).
 */
static const char reading_functions[] = "read pread pread64 readv preadv";

/*
 * The reading functions whose 0 stores nothing in the buffer they are
 * given: read(2) and pread(2) at end of file, recv(2) and recvfrom(2) at
 * a stream's orderly shutdown and for an empty datagram alike.  A buffer
 * read as a string after a test that let 0 through holds what it held
 * before the call (unread.c).
 */
static const char filling_functions[] = "read pread pread64 recv recvfrom";

static bool in_list(const char *list, const char *name)
{
	size_t n = name ? strlen(name) : 0;
	const char *p = list;

	while (n && (p = strstr(p, name))) {
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return true;
		p += n;
	}
	return false;
}

bool outside_reads(const char *name)
{
	return in_list(reading_functions, name);
}

bool outside_fills(const char *name)
{
	return in_list(filling_functions, name);
}
