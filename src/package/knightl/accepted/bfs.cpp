// KnightL on a Chessboard (HackerRank): one breadth-first search from (0,0) for each (i,j)
// leaper, 1 <= i, j < n, over the whole board; -1 where (n-1,n-1) is never reached.
#include <cstdio>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 0;
    std::vector<int> distance, queue;
    for (int a = 1; a < n; ++a) {
        for (int b = 1; b < n; ++b) {
            const int jumps[8][2] = {{a, b}, {a, -b}, {-a, b}, {-a, -b},
                                     {b, a}, {b, -a}, {-b, a}, {-b, -a}};
            distance.assign(n * n, -1);
            queue.assign(1, 0);
            distance[0] = 0;
            for (std::size_t head = 0; head < queue.size(); ++head) {
                int x = queue[head] / n, y = queue[head] % n;
                for (const auto &jump : jumps) {
                    int u = x + jump[0], v = y + jump[1];
                    if (u >= 0 && u < n && v >= 0 && v < n && distance[u * n + v] < 0) {
                        distance[u * n + v] = distance[queue[head]] + 1;
                        queue.push_back(u * n + v);
                    }
                }
            }
            std::printf(b + 1 < n ? "%d " : "%d\n", distance[n * n - 1]);
        }
    }
}
