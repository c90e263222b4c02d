"""Every string the UI shows, in Chinese and English.

``t(key, lang, **fields)`` formats one. Strings live in one module per part
of the game (a new screen adds its own module and one line here); keys are
short, stable and unique across modules. The font coverage test walks them.
Game terms come from ``glossary`` (one English rendering each).

English needs three things Chinese does not, and ``t`` does them:

* a line about the viewer himself (``name`` is "You") uses the module's
  ``YOU`` form of the line, so the verb agrees ("You revolt", "Your burn");
  "You" anywhere but at the start of a line is written "you";
* every whole-number field ``n`` also gives ``{n_s}``: "" for 1, else "s"
  ("{n} mistake{n_s}"), and ``{n_word}``: the number in words up to twelve
  ("shows two 4s", not "shows 2 4s");
* cards named in a card field (``cards``, ``what``, …) are in English (small joker, big joker).
"""

from __future__ import annotations

from . import learn, net, notices, records, screens, table
from .glossary import EN

MODULES = (screens, table, notices, records, learn, net)
STRINGS: dict[str, tuple[str, str]] = {key: text for module in MODULES for key, text in module.STRINGS.items()}
YOU_FORMS: dict[str, str] = {key: text for module in MODULES for key, text in getattr(module, "YOU", {}).items()}
YOU = STRINGS["you"][1]
CARD_WORDS = {"小王": EN["small_joker"], "大王": EN["big_joker"]}
CARD_FIELDS = {"cards", "what", "action", "best", "answer", "rank", "ranks"}   # fields that name cards
NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve")


def t(key: str, lang: str, **fields: object) -> str:
    zh, en = STRINGS[key]
    if lang == "zh":
        return zh.format(**fields) if fields else zh
    if not fields:
        return en
    if fields.get("name") == YOU and key in YOU_FORMS:
        en = YOU_FORMS[key]
    return en.format(**english_fields(en, fields))


def english_fields(template: str, fields: dict[str, object]) -> dict[str, object]:
    """The fields as an English line shows them: "you" inside a sentence, plural endings, English card names."""
    out: dict[str, object] = {}
    for name, value in fields.items():
        if isinstance(value, bool):
            out[name] = value
            continue
        if isinstance(value, int):
            out[f"{name}_s"] = "" if abs(value) == 1 else "s"
            out[f"{name}_word"] = NUMBER_WORDS[value] if 0 <= value < len(NUMBER_WORDS) else str(value)
        elif isinstance(value, str):
            if value == YOU and not template.startswith("{" + name + "}"):
                value = "you"
            if name in CARD_FIELDS:
                value = english_cards(value)
        out[name] = value
    return out


def english_cards(text: str) -> str:
    """Card names in a field (as ``pretty`` writes them) in English: "2 2 small joker"."""
    for zh, en in CARD_WORDS.items():
        if zh in text:
            keep = "\u00a0" if "\u00a0" in text else " "     # a group of cards kept on one line stays so
            text = text.replace(zh, en.replace(" ", keep))
    return text


def other_language(lang: str) -> str:
    return "en" if lang == "zh" else "zh"
