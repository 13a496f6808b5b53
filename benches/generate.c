/* Inputs for scripts/bench.sh, the same bytes on every machine for a given seed:
     generate judge N SEED     N lines "xx yy\n" of random 8x8 squares: the judge's own shape
     generate messy N SEED     the same pairs laid out as hand-made files are, each choice a coin
                               toss a line: a space before, a run of 1 to 4 spaces or of 1 to 4
                               tabs between, upper-case files, a CRLF line end
     generate big N SEED SIDE  N lines of random squares of a SIDE x SIDE board, in extended
                               notation (files a..z, aa.., ranks 1..SIDE)
     generate strip N SEED W L N far pairs of a strip W files by L ranks: the first square
                               within 60 ranks of the bottom or 50 of the middle, the second
                               within 60 of the top or 1,000 to 100,000 above the middle
   A 64-bit xorshift generator, so nothing depends on the C library's rand(). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long state;

static unsigned long long next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static unsigned long long below(unsigned long long bound) { return next() % bound; }

/* Writes file `file` (0 is a) in spreadsheet-column letters at `at`; returns the length. */
static int file_name(unsigned long long file, char *at) {
    char reversed[16];
    int length = 0;
    for (unsigned long long n = file + 1; n > 0; n = (n - 1) / 26) reversed[length++] = (char)('a' + (n - 1) % 26);
    for (int i = 0; i < length; i++) at[i] = reversed[length - 1 - i];
    return length;
}

static void square_8x8(int upper) {
    putchar((int)((upper ? 'A' : 'a') + below(8)));
    putchar((int)('1' + below(8)));
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: generate judge|messy|big|strip N SEED [SIDE | W L]\n");
        return 2;
    }
    const char *kind = argv[1];
    unsigned long long lines = strtoull(argv[2], 0, 10);
    state = strtoull(argv[3], 0, 10) * 0x9e3779b97f4a7c15ULL + 1;
    static char buffer[1 << 20];
    setvbuf(stdout, buffer, _IOFBF, sizeof buffer);
    if (strcmp(kind, "strip") == 0) {
        unsigned long long width = argc > 4 ? strtoull(argv[4], 0, 10) : 8;
        unsigned long long length = argc > 5 ? strtoull(argv[5], 0, 10) : 1000000000;
        if (width == 0 || length < 200000) {
            fprintf(stderr, "generate strip: W must be at least 1 and L at least 200000\n");
            return 2;
        }
        char name[32];
        for (unsigned long long i = 0; i < lines; i++) {
            unsigned long long middle = length / 2;
            unsigned long long low = below(2) ? below(60) : middle - 50 + below(100);
            unsigned long long high = below(2) ? length - 1 - below(60) : middle + 1000 + below(99000);
            int length_of_name = file_name(below(width), name);
            fwrite(name, 1, (size_t)length_of_name, stdout);
            printf("%llu ", 1 + low);
            length_of_name = file_name(below(width), name);
            fwrite(name, 1, (size_t)length_of_name, stdout);
            printf("%llu\n", 1 + high);
        }
    } else if (strcmp(kind, "big") == 0) {
        unsigned long long side = argc > 4 ? strtoull(argv[4], 0, 10) : 1000000;
        char name[32];
        for (unsigned long long i = 0; i < lines; i++) {
            for (int end = 0; end < 2; end++) {
                int length = file_name(below(side), name);
                fwrite(name, 1, (size_t)length, stdout);
                printf("%llu", 1 + below(side));
                putchar(end == 0 ? ' ' : '\n');
            }
        }
    } else {
        int messy = strcmp(kind, "messy") == 0;
        for (unsigned long long i = 0; i < lines; i++) {
            if (!messy) {
                square_8x8(0);
                putchar(' ');
                square_8x8(0);
                putchar('\n');
                continue;
            }
            if (below(2)) putchar(' ');
            square_8x8((int)below(2));
            int gap = 1 + (int)below(4), blank = below(2) ? '\t' : ' ';
            for (int j = 0; j < gap; j++) putchar(blank);
            square_8x8((int)below(2));
            if (below(2)) putchar('\r');
            putchar('\n');
        }
    }
    return 0;
}
