// Knight Moves (POJ 1915, Baekjoon 7562): a breadth-first search from the starting square for
// each scenario, stopping when it reaches the end square.
#include <cstdio>
#include <vector>

int main() {
    int count;
    if (std::scanf("%d", &count) != 1) return 0;
    const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    std::vector<int> distance, queue;
    while (count-- > 0) {
        int side, x0, y0, x1, y1;
        if (std::scanf("%d %d %d %d %d", &side, &x0, &y0, &x1, &y1) != 5) break;
        distance.assign(side * side, -1);
        queue.assign(1, x0 * side + y0);
        distance[x0 * side + y0] = 0;
        for (std::size_t head = 0; head < queue.size() && distance[x1 * side + y1] < 0; ++head) {
            int x = queue[head] / side, y = queue[head] % side;
            for (const auto &jump : jumps) {
                int u = x + jump[0], v = y + jump[1];
                if (u >= 0 && u < side && v >= 0 && v < side && distance[u * side + v] < 0) {
                    distance[u * side + v] = distance[queue[head]] + 1;
                    queue.push_back(u * side + v);
                }
            }
        }
        std::printf("%d\n", distance[x1 * side + y1]);
    }
}
