"""Table manners: the quick phrases a player may send, by id, from a fixed
list — so nothing a player types reaches the others' screens."""

from __future__ import annotations

from typing import NamedTuple


class Phrase(NamedTuple):
    id: str
    zh: str
    en: str


PHRASES = (
    Phrase("hello", "大家好", "Hello, everyone!"),
    Phrase("hurry", "快点啊", "Hurry up!"),
    Phrase("nice", "好牌", "Nice cards!"),
    Phrase("thanks", "谢谢联邦", "Thanks, partner!"),
    Phrase("sorry", "不好意思", "Sorry!"),
    Phrase("gouji", "够级！", "Gouji!"),
    Phrase("well_played", "打得好", "Well played!"),
    Phrase("oops", "哎呀", "Oops!"),
    Phrase("again", "再来一局", "One more match!"),
    Phrase("bye", "再见", "Goodbye!"),
)
PHRASE_IDS = tuple(p.id for p in PHRASES)
BY_ID = {p.id: p for p in PHRASES}


def phrase(phrase_id: str) -> Phrase | None:
    return BY_ID.get(phrase_id)
