/* The unchecked reference for scripts/bench.sh: the least work any filter can do on a judge
   file. It assumes every line is exactly "xx yy\n" with valid squares, answers each from a
   64x64 table filled by breadth-first search at start-up, patches a 43-byte sentence, and
   writes each buffer's answers with one write(2). It checks nothing, so it is a floor for the
   time, not a competitor: knight-moves must also validate its input and take any layout. */
#include <string.h>
#include <unistd.h>

static unsigned char distance[64][64];

static void fill_from(int start) {
    static const int steps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    int queue[64], head = 0, tail = 0;
    memset(distance[start], 0xff, 64);
    distance[start][start] = 0;
    queue[tail++] = start;
    while (head < tail) {
        int square = queue[head++];
        for (int s = 0; s < 8; s++) {
            int file = square % 8 + steps[s][0], rank = square / 8 + steps[s][1];
            if (file < 0 || file > 7 || rank < 0 || rank > 7) continue;
            int next = rank * 8 + file;
            if (distance[start][next] != 0xff) continue;
            distance[start][next] = distance[start][square] + 1;
            queue[tail++] = next;
        }
    }
}

enum { LINES = 1 << 17, IN_BYTES = 6 * LINES, OUT_BYTES = 43 * LINES };
static char in[IN_BYTES], out[OUT_BYTES];

static int write_all(const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(1, bytes, length);
        if (written <= 0) return -1;
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

int main(void) {
    static const char sentence[] = "To get from xx to yy takes n knight moves.\n";
    for (int square = 0; square < 64; square++) fill_from(square);
    size_t held = 0;
    for (;;) {
        ssize_t got = read(0, in + held, IN_BYTES - held);
        if (got > 0) held += (size_t)got;
        size_t whole = held / 6 * 6;
        char *at = out;
        for (size_t i = 0; i < whole; i += 6, at += 43) {
            const char *line = in + i;
            int from = (line[1] - '1') * 8 + (line[0] - 'a'), to = (line[4] - '1') * 8 + (line[3] - 'a');
            memcpy(at, sentence, 43);
            at[12] = line[0]; at[13] = line[1]; at[18] = line[3]; at[19] = line[4];
            at[27] = (char)('0' + distance[from][to]);
        }
        if (write_all(out, (size_t)(at - out)) != 0) return 1;
        memmove(in, in + whole, held - whole);
        held -= whole;
        if (got <= 0) return got < 0;
    }
}
