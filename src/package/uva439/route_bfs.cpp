// Knight Moves, printing a shortest route: a breadth-first search from the first square for
// each line, each square reached remembering the square it was reached from.
#include <cstdio>
#include <cstring>
#include <queue>
#include <vector>

int main() {
    char from[3], to[3];
    const int jumps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    while (std::scanf("%2s %2s", from, to) == 2) {
        int came_from[64];
        std::memset(came_from, -1, sizeof came_from);
        int start = (from[0] - 'a') * 8 + (from[1] - '1');
        int goal = (to[0] - 'a') * 8 + (to[1] - '1');
        std::queue<int> queue;
        came_from[start] = start;
        queue.push(start);
        while (!queue.empty() && came_from[goal] < 0) {
            int square = queue.front();
            queue.pop();
            for (const auto &jump : jumps) {
                int f = square / 8 + jump[0], r = square % 8 + jump[1];
                if (f >= 0 && f < 8 && r >= 0 && r < 8 && came_from[f * 8 + r] < 0) {
                    came_from[f * 8 + r] = square;
                    queue.push(f * 8 + r);
                }
            }
        }
        std::vector<int> route;
        for (int square = goal; square != start; square = came_from[square]) route.push_back(square);
        route.push_back(start);
        std::printf("To get from %s to %s takes %d knight moves:", from, to, (int)route.size() - 1);
        for (int i = (int)route.size() - 1; i >= 0; i--)
            std::printf(" %c%d", 'a' + route[i] / 8, route[i] % 8 + 1);
        std::printf(".\n");
    }
}
