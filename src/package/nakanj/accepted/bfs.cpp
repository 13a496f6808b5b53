// Minimum Knight Moves (SPOJ NAKANJ): a breadth-first search from the start square for each
// test case, over the whole board, then the destination's distance is printed.
#include <cstdio>
#include <cstring>
#include <queue>

int main() {
    int count;
    if (std::scanf("%d", &count) != 1) return 0;
    const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    while (count-- > 0) {
        char from[3], to[3];
        if (std::scanf("%2s %2s", from, to) != 2) break;
        int distance[8][8];
        std::memset(distance, -1, sizeof distance);
        std::queue<int> queue;
        distance[from[0] - 'a'][from[1] - '1'] = 0;
        queue.push((from[0] - 'a') * 8 + (from[1] - '1'));
        while (!queue.empty()) {
            int file = queue.front() / 8, rank = queue.front() % 8;
            queue.pop();
            for (const auto &jump : jumps) {
                int f = file + jump[0], r = rank + jump[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8 && distance[f][r] < 0) {
                    distance[f][r] = distance[file][rank] + 1;
                    queue.push(f * 8 + r);
                }
            }
        }
        std::printf("%d\n", distance[to[0] - 'a'][to[1] - '1']);
    }
}
