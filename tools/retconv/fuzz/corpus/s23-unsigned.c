unsigned count_bits(unsigned x) { return x ? 1 + count_bits(x & (x - 1)) : 0; }
int to_int(unsigned x) { return count_bits(x); }
__int128 wide(void) { return -1; }
unsigned __int128 uwide(void) { return 2; }
char ch(void) { return -1; }
