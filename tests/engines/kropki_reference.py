"""A slow, literal reading of rules/kropki.md, to check the fast engine against.

Every move recomputes everything from scratch: the 4-connected components of
non-P-active points (K6), the empty-contour rule (K7), scores by counting
(K11) and the secured lead by flooding (K13). No state is carried between
moves except dots and owners.
"""

from collections import deque

EMPTY, BLUE, RED = 0, 1, 2


class ReferenceBoard:
    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.dot = {(x, y): EMPTY for x in range(1, width + 1) for y in range(1, height + 1)}
        self.owner = dict.fromkeys(self.dot, EMPTY)

    def border(self, point) -> bool:
        x, y = point
        return x in (1, self.width) or y in (1, self.height)

    def neighbours(self, point):
        x, y = point
        for step in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            other = (x + step[0], y + step[1])
            if other in self.dot:
                yield other

    def active(self, point, player) -> bool:
        return self.dot[point] == player and self.owner[point] == EMPTY

    def component(self, start, passable):
        seen = {start}
        queue = deque([start])
        while queue:
            for other in self.neighbours(queue.popleft()):
                if other not in seen and passable(other):
                    seen.add(other)
                    queue.append(other)
        return seen

    def play(self, point, player) -> None:
        enemy = 3 - player
        self.dot[point] = player
        captured = []
        for start in self.neighbours(point):
            if self.active(start, player) or any(start in area for area in captured):
                continue
            area = self.component(start, lambda p: not self.active(p, player))
            if any(self.border(p) for p in area):
                continue
            if any(self.active(p, enemy) for p in area):
                captured.append(area)
        for area in captured:
            for p in area:
                self.owner[p] = player
        if not captured:
            area = self.component(point, lambda p: not self.active(p, enemy))
            if not any(self.border(p) for p in area):
                for p in area:
                    self.owner[p] = enemy

    def score(self, player) -> int:
        enemy = 3 - player
        return sum(1 for p in self.dot if self.dot[p] == enemy and self.owner[p] == player)

    def secured(self) -> bool:
        blue, red = self.score(BLUE), self.score(RED)
        if blue == red:
            return False
        leader = BLUE if blue > red else RED

        def owned(p):
            return self.active(p, leader) or self.owner[p] == leader

        grounded = set()
        for p in self.dot:
            if self.border(p) and owned(p) and p not in grounded:
                grounded |= self.component(p, owned)
        unsafe = sum(1 for p in self.dot if owned(p) and p not in grounded and self.dot[p] != EMPTY)
        return abs(blue - red) > unsafe
