"""The bundled CJK font, loaded once per size after pygame.init()."""

from __future__ import annotations

import pygame

from ...store.resources import asset_path
from ..model.text_marks import KEEP, SPLIT

FACES = {False: ("fonts", "GoujiSansSC-Regular.otf"), True: ("fonts", "GoujiSansSC-Bold.otf")}


class Fonts:
    """Font objects per (size, bold) and rendered text per (text, size, colour)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._wraps: dict[tuple, tuple[str, ...]] = {}   # wrapped lines per (text, size, width, bold)
        self.cuts: list[tuple[str, int]] = []   # text that had to be cut or overflowed its box (the fit test reads it)

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            font = pygame.font.Font(str(asset_path(*FACES[bold])), size)
            self._fonts[key] = font
        return font

    def render(self, text: str, size: int, colour: tuple[int, int, int],
               bold: bool = False) -> pygame.Surface:
        key = (text, size, colour, bold)
        surface = self._text.get(key)
        if surface is None:
            if len(self._text) > 2000:
                self._text.clear()
            surface = self.get(size, bold).render(text, True, colour)
            self._text[key] = surface
        return surface

    def render_fit(self, text: str, size: int, colour: tuple[int, int, int], width: int,
                   smallest: int = 11, bold: bool = False, may_cut: bool = False) -> pygame.Surface:
        """One line no wider than ``width``: a smaller size first, then cut with '…'.
        Only text whose end may go (``may_cut``: a badge's trailing words) is cut
        silently; any other cut is noted in ``cuts``, which the fit test reads."""
        key = ("fit", text, size, colour, width, smallest, bold)
        fitted = self._text.get(key)
        if fitted is None:
            fitted = self._fit(text, size, colour, width, smallest, bold, may_cut)
            self._text[key] = fitted
        return fitted

    def render_words(self, words: list[str], size: int, colour: tuple[int, int, int], width: int,
                     smallest: int = 11, joint: str = " · ") -> pygame.Surface:
        """Words joined by ``joint`` in one line no wider than ``width``: shrunk first, then the
        last words left out whole ("未开点", not "未开点 · 思…"); only a first word too wide alone is cut."""
        font = self.get(min(smallest, size))
        while len(words) > 1 and font.size(joint.join(words))[0] > width:
            words = words[:-1]
        return self.render_fit(joint.join(words), size, colour, width, smallest, may_cut=True)

    def _fit(self, text: str, size: int, colour: tuple[int, int, int], width: int, smallest: int,
             bold: bool, may_cut: bool) -> pygame.Surface:
        smallest = min(smallest, size)
        for trial in range(size, smallest - 1, -1):
            if self.get(trial, bold).size(text)[0] <= width:
                if trial < size * SHRINK and not may_cut:
                    self._cut(text, width)   # it fits, but shrunk past reading beside its neighbours
                return self.render(text, trial, colour, bold)
        if not may_cut:
            self._cut(text, width)
        font = self.get(smallest, bold)
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        return self.render(text + "…", smallest, colour, bold)

    def _cut(self, text: str, width: int) -> None:
        self.cuts = (self.cuts + [(text, width)])[-50:]

    def lines(self, text: str, size: int, width: int, most: int, bold: bool = False) -> list[str]:
        """``wrap``, at most ``most`` lines: a longer text ends its last line with '…'
        (and is noted in ``cuts``) instead of losing lines without a sign."""
        lines = self.wrap(text, size, width, bold)
        if len(lines) <= most:
            return lines
        self._cut(text, width)
        last, font = lines[most - 1], self.get(size, bold)
        while last and font.size(last + "…")[0] > width:
            last = last[:-1]
        return lines[:most - 1] + [last + "…"]

    def wrap(self, text: str, size: int, width: int, bold: bool = False) -> list[str]:
        """Split into lines that fit ``width`` (CJK breaks anywhere, Latin at spaces, never
        at a ``KEEP`` space), with no widow: when the last line would hold only a few
        words ("人）", "pay 2"), the lines are balanced, as narrow as keeps their number."""
        key = (text, size, width, bold)
        cached = self._wraps.get(key)
        if cached is None:
            if len(self._wraps) > 2000:
                self._wraps.clear()
            cached = self._wraps[key] = tuple(self._balanced(text, size, width, bold))
        return list(cached)

    def _balanced(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        lines = self._greedy(text, size, width, bold)
        font = self.get(size, bold)
        if len(lines) < 2 or font.size(lines[-1])[0] >= width * WIDOW:
            return lines
        low, high = width // 2, width   # the narrowest width that still needs no more lines
        while low < high:
            middle = (low + high) // 2
            if len(self._greedy(text, size, middle, bold)) == len(lines):
                high = middle
            else:
                low = middle + 1
        return self._greedy(text, size, high, bold)

    def _greedy(self, text: str, size: int, width: int, bold: bool) -> list[str]:
        font = self.get(size, bold)
        lines: list[str] = []
        line = ""
        for token in self._split_wide(_tokens(text), font, width):
            trial = line + token
            if line and font.size(_drawn(trial))[0] > width:
                lines.append(line.rstrip())
                line = token.lstrip()
            else:
                line = trial
        if line:
            lines.append(line.rstrip())
        lines = [_drawn(text) for text in lines]
        if any(font.size(line)[0] > width for line in lines):
            self._cut(text, width)   # one word or card wider than the box
        return lines

    @staticmethod
    def _split_wide(tokens: list[str], font: pygame.font.Font, width: int) -> list[str]:
        """A group of cards wider than a whole line breaks between two cards (at its
        SPLITs), never inside a card's name."""
        out: list[str] = []
        for token in tokens:
            if SPLIT in token and font.size(_drawn(token))[0] > width:
                out += [piece for piece in token.split(SPLIT) if piece]
            else:
                out.append(token)
        return out


SHRINK = 0.75  # render_fit may shrink text this far; smaller is noted as a cut
WIDOW = 0.35   # a last line narrower than this share of the width is rebalanced
CLOSING = set("，。：；！？、）」》”’%,.:;!?)]…")   # never at the start of a line
OPENING = set("（「《“‘([")                       # never at the end of a line


def _tokens(text: str) -> list[str]:
    """Break points: between CJK characters and at spaces, never before closing or after
    opening punctuation (so no line starts with "，" or ends with "（"). In English text a
    Chinese term (底牌, 宣点) is one word: it breaks at spaces only."""
    english = any("a" <= ch.lower() <= "z" for ch in text) and sum(map(_cjk, text)) * 3 < len(text)
    merged: list[str] = []
    for token in _raw_tokens(text):
        joined = english and merged and not merged[-1].endswith(" ")   # English breaks at spaces only
        if merged and (joined or token[:1] in CLOSING or merged[-1][-1:] in OPENING or _kept(merged[-1], token)):
            merged[-1] += token
        else:
            merged.append(token)
    return merged


def _kept(before: str, token: str) -> bool:
    """No break between them: a KEEP space joins them (and a CJK card name such as
    小王 after one stays whole)."""
    if before.endswith(KEEP) or token.startswith(KEEP):
        return True
    return KEEP in before and _cjk(before[-1]) and _cjk(token[:1])


def _cjk(ch: str) -> bool:
    return bool(ch) and ord(ch) > 0x2E7F


def _raw_tokens(text: str) -> list[str]:
    """Words and single CJK characters, each with its following space; a group of cards
    (words joined by KEEP) is one token, its CJK card names included."""
    tokens: list[str] = []
    chunks = text.split(" ")
    for i, chunk in enumerate(chunks):
        end = " " if i < len(chunks) - 1 else ""
        if KEEP in chunk:
            tokens.append(chunk + end)
            continue
        word = ""
        for ch in chunk:
            if _cjk(ch):  # CJK: each character may break
                if word:
                    tokens.append(word)
                    word = ""
                tokens.append(ch)
            else:
                word += ch
        if word or end:
            tokens.append(word + end)
    return tokens


def _drawn(text: str) -> str:
    """What is drawn for wrapped text: KEEP as a space, SPLIT as nothing."""
    return text.replace(KEEP, " ").replace(SPLIT, "")
