"""The game's terms: one Chinese word, one English rendering and a one-line
gloss in each language, for every term a player meets.

Every English text of the game (the i18n strings, the help in assets/text,
the quiz in gouji/learn) names a term only by its ``en`` rendering; the texts
draw the renderings from here (``EN``), and tests/test_glossary.py scans them
all for the renderings a term must not have (``avoid``). A term may be
introduced with its gloss or its Chinese word in brackets — ``对头 (the player
opposite)``, ``small joker (小王)`` — exactly as ``intro`` writes them; the help
glosses 要头, 憋3 and 够死级 that way at their first use.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Term:
    zh: str
    en: str                          # the one English rendering (may be the Chinese word itself)
    gloss: str                       # one line of English that explains it
    gloss_zh: str                    # the same in Chinese
    avoid: tuple[str, ...] = ()      # regular expressions: other English renderings, never to be used
    plural: str = ""                 # the English plural, where it differs from en + "s"

    @property
    def intro(self) -> str:
        """The term at its first use: ``要头 (…gloss…)``, ``teammate (联邦)``."""
        return f"{self.en} ({self.gloss if self.en == self.zh else self.zh})"

    @property
    def intro_zh(self) -> str:
        return f"{self.zh}（{self.gloss_zh}）"

    @property
    def many(self) -> str:
        return self.plural or self.en + "s"


TERMS: dict[str, Term] = {
    "duitou": Term("对头", "对头", "the player opposite", "坐在你对面的人，你真正的对手",
                   avoid=(r"\bplayer opposite\b", r"\bopposite\b", r"\bplayer facing\b", r"\brival\b")),
    "lianbang": Term("联邦", "teammate", "one of the two other players of your team: every other seat",
                     "隔一个座位的人，和你一队",
                     avoid=(r"\bpartners?\b", r"\bally\b", r"\ballies\b")),
    "chaos": Term("四人乱缠", "四人乱缠",
                  "the last four players: no 够级 protection, no burns, no 让, and a pass no longer locks you out",
                  "只剩四个人：够级不受保护，不能烧、不能让，过了牌还能再出",
                  avoid=(r"tangle", r"free-for-all", r"\bfour-player\b", r"\bfour players' rules\b")),
    "gouji": Term("够级", "够级",
                  "five or more 10s, four or more J, three or more Q, two or more K or A, only 2s, or any joker",
                  "5 张以上 10、4 张以上 J、3 张以上 Q、2 张以上 K 或 A、只有 2 的牌、带王的牌"),
    "yaotou": Term("要头", "要头",
                   "your next three 够级 plays can be taken only by a burn or a 无头 player, except in 四人乱缠; "
                   "then you are 无头",
                   "你后面三手够级牌只能烧，或由无头的人管，四人乱缠时除外；之后你就无头了"),
    "wutou": Term("无头", "无头",
                  "your 对头 is out, or revolted (要头 declined or used up): your 够级 are unprotected; unless you "
                  "passed, you may beat any 够级",
                  "对头出完了，或革命了（选要头的，三手要头牌之后）：你的够级牌谁都能管；这一轮没过牌时，你也能直接管别人的够级牌，不算烧牌"),
    "bie_san": Term("憋3", "憋3", "your last play must be all your 3s, alone; no 3 may be played before it",
                    "最后一手必须是自己所有的 3，单独出；3 不能提前出"),
    "gou_si_ji": Term("够死级", "够死级",
                      "when 头科 or 二科 goes out, his 对头's next 够级 play can be taken only by a burn or a 无头 player",
                      "头科或二科出完时，他的对头的下一手够级牌只能烧，或由无头的人管"),
    "small_joker": Term("小王", "small joker", "the lower joker", "小的那张王", avoid=(r"小王", r"\blittle joker")),
    "big_joker": Term("大王", "big joker", "the higher joker", "大的那张王", avoid=(r"大王",)),
    "rang": Term("让", "yield", "let your next two players act first on your 对头's plain play",
                 "对头出的不是够级牌时，让你后面两家先管", avoid=(r"让牌",)),
    "kou": Term("扣", "pass (扣)", "the 对头 declines to beat a 够级 play", "对头不管够级牌"),
    "men": Term("闷", "stuck",
                "the play before your 3s is beaten: its first beater gets a card (not a teammate); you get no "
                "lead when someone goes out",
                "最后一手 3 之前的牌被人管住：下一局给第一个管住的人进一张闷贡（联邦不用给），别人出完时首发也轮不到你", avoid=(r"\bsmothered\b",)),
    "dian_gong": Term("点贡", "point tribute", "a card from a player who did not open to his 对头",
                      "没开点的人给对头一张牌", avoid=(r"点贡",)),
    "shao_gong": Term("烧贡", "burn tribute", "a card from the burned player to a successful burner",
                      "被烧成功的人给烧牌的人一张牌", avoid=(r"烧贡",)),
    "men_gong": Term("闷贡", "stuck tribute", "a card from a stuck player to the first who beat his play",
                     "被闷的人给第一个管住他的人一张牌", avoid=(r"闷贡",)),
    "luo_gong": Term("落贡", "place tribute", "大落 gives 头科 two cards, 二落 gives 二科 one",
                     "大落给头科两张，二落给二科一张", avoid=(r"落贡",)),
}

EN: dict[str, str] = {key: term.en for key, term in TERMS.items()}
EN_MANY: dict[str, str] = {key: term.many for key, term in TERMS.items()}
ZH: dict[str, str] = {key: term.zh for key, term in TERMS.items()}
# the help glosses these at their first use (tests/test_glossary.py)
GLOSSED_IN_HELP = ("yaotou", "bie_san", "gou_si_ji")


def gloss(key: str, lang: str) -> str:
    term = TERMS[key]
    return term.gloss_zh if lang == "zh" else term.gloss


__all__ = ["Term", "TERMS", "EN", "EN_MANY", "ZH", "GLOSSED_IN_HELP", "gloss"]
