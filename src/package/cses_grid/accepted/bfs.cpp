// Knight Moves Grid (CSES 3217): one breadth-first search from the top-left corner fills in
// every square's distance (-1 would stay on a square no knight reaches, which only boards
// narrower than 4 have).
#include <cstdio>
#include <string>
#include <vector>

int main() {
    int n;
    if (std::scanf("%d", &n) != 1) return 0;
    const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    std::vector<int> distance(n * n, -1), queue;
    queue.reserve(n * n);
    distance[0] = 0;
    queue.push_back(0);
    for (std::size_t head = 0; head < queue.size(); ++head) {
        int r = queue[head] / n, c = queue[head] % n;
        for (const auto &jump : jumps) {
            int u = r + jump[0], v = c + jump[1];
            if (u >= 0 && u < n && v >= 0 && v < n && distance[u * n + v] < 0) {
                distance[u * n + v] = distance[queue[head]] + 1;
                queue.push_back(u * n + v);
            }
        }
    }
    std::string out;
    out.reserve(static_cast<std::size_t>(n) * n * 4);
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c > 0) out += ' ';
            out += std::to_string(distance[r * n + c]);
        }
        out += '\n';
    }
    std::fwrite(out.data(), 1, out.size(), stdout);
}
