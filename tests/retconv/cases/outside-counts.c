// Outside contracts the built-in table states from the libraries'
// documentation: fread(3) and fwrite(3) return a number of items, never
// negative, short (0 for one item) on an error, so "< 0" never sees a
// failure (libexif, libiio); libusb's string reader returns
// a length or a negative LIBUSB_ERROR, so "!= 0" before an error takes
// every string for a failure (libfreenect).  The tests that read each
// as documented are not reported.
#include <stdio.h>
#include <sys/types.h>

struct libusb_device_handle;
int libusb_get_string_descriptor_ascii(struct libusb_device_handle *dev,
				       unsigned char index,
				       unsigned char *data, int length);

int copy_all(FILE *in, FILE *out)
{
	char buf[256];
	ssize_t n;

	while (!feof(in)) {
		n = fread(buf, 1, sizeof(buf), in);
		if (n < 0)
			return -1;
		if (fwrite(buf, 1, n, out) != (size_t)n)
			return -1;
	}
	return 0;
}

int read_serial(struct libusb_device_handle *dev, unsigned char *s)
{
	int res = libusb_get_string_descriptor_ascii(dev, 3, s, 64);

	if (res != 0) {
		fprintf(stderr, "failed to read the serial number\n");
		return -1;
	}
	if (libusb_get_string_descriptor_ascii(dev, 3, s, 64) < 0)
		return -1;
	return 0;
}
// expect: outside-counts.c:23:7: warning: 'fread' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'n < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: outside-counts.c:22:3: note: 'n' holds the result of 'fread' from here
// expect: outside-counts.c:35:6: warning: 'libusb_get_string_descriptor_ascii' returns a value or a negative errno (class mixed, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: outside-counts.c:33:6: note: 'res' holds the result of 'libusb_get_string_descriptor_ascii' from here
// expect: outside-counts.c:36:3: note: the branch logs an error with fprintf()
