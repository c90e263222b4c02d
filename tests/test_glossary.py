"""One rendering per term: every English text the game shows — the i18n strings
(gouji/ui/i18n), the help (assets/text), the quiz and every Text in gouji/learn,
every lesson (assets/lessons), the hints' reasons (bots/reasons.py) and the
engine's refusals — names each glossary term only by its English
rendering (gouji/ui/i18n/glossary.py). A term may be introduced with its gloss
or its Chinese word in brackets, exactly as ``Term.intro`` writes it; any other
rendering a term's ``avoid`` lists fails the test, naming the text."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from bots.reasons import REASONS
from gouji.engine.tribute import KIND_NAMES
from gouji.learn import words
from gouji.learn.lessons import load_lessons
from gouji.learn.quiz import TOPICS, make_question
from gouji.store.resources import read_text_asset
from gouji.ui.i18n import STRINGS, YOU_FORMS, t
from gouji.ui.i18n.glossary import EN, GLOSSED_IN_HELP, TERMS, Term
from gouji.ui.i18n.rule_keys import KEYS, VALUE_WORDS

ROOT = Path(__file__).resolve().parent.parent
REFUSALS = ("gouji/engine/reasons.py", "gouji/engine/match.py", "gouji/engine/game.py", "gouji/engine/actions.py")


def _literal(node: ast.AST) -> str | None:
    """A string literal, or an f-string with its fields left out."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
    return None


def second_arguments(path: Path, callees: tuple[str, ...]) -> Iterator[str]:
    """The English of every ``Text(zh, en)``-like call in a source file: its second argument."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and len(node.args) >= 2:
            name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
            if name in callees:
                text = _literal(node.args[1])
                if text is not None:
                    yield text


def english_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every English text of the game."""
    for key, (_, en) in STRINGS.items():
        yield f"i18n {key}", en
    for key, en in YOU_FORMS.items():
        yield f"i18n YOU {key}", en
    for key, (_, name, _, explain) in KEYS.items():
        yield f"rule_keys {key}", f"{name}: {explain}"
    for key, (_, en) in VALUE_WORDS.items():
        yield f"rule_keys value {key}", en
    for n, line in enumerate(read_text_asset("text", "rules_en.txt").splitlines(), 1):
        yield f"rules_en.txt:{n}", line
    for path in sorted((ROOT / "gouji" / "learn").glob("*.py")):
        for text in second_arguments(path, ("Text",)):
            yield f"{path.relative_to(ROOT)}", text
    for topic in TOPICS:
        for seed in range(0, 400, 7):
            q = make_question(seed, topic)
            for text in (q.prompt, q.explanation, *q.options):
                yield f"quiz {topic} seed {seed}", text.en
    for name in REFUSALS:
        for text in second_arguments(ROOT / name, ("refuse", "IllegalAction")):
            yield name, text
    for lesson in load_lessons():
        for text in lesson.texts():
            yield f"lesson {lesson.id}", text.en
    for key, (_, en) in REASONS.items():
        yield f"hint reason {key}", en


def _strip_intros(text: str) -> str:
    """The text with every allowed introduction of a term reduced to the term."""
    for term in TERMS.values():
        for intro in {term.intro, f"{term.many} ({term.zh})", f"{term.en} ({term.zh})"}:
            text = re.sub(re.escape(intro), term.en, text, flags=re.IGNORECASE)
    return text


def variants(text: str) -> list[tuple[str, str]]:
    """(term, the rendering found) for each non-glossary rendering in a text."""
    bare = _strip_intros(text)
    return [(key, found.group(0)) for key, term in TERMS.items() for pattern in term.avoid
            if (found := re.search(pattern, bare, flags=re.IGNORECASE))]


def test_the_scanner_finds_a_variant_and_lets_an_introduction_pass():
    assert variants("your partner burns") == [("lianbang", "partner")]
    assert variants("四人乱缠 (free-for-all)") == [("chaos", "free-for-all")]
    assert {key for key, _ in variants("the player opposite leads")} == {"duitou"}
    assert variants("Your 对头 (the player opposite) played 够级") == []
    assert variants("a big joker (大王) over it") == [] and variants("a 大王 over it") == [("big_joker", "大王")]
    # the tributes by their English names: "a burn tribute (烧贡)" at first use, never a bare 烧贡
    assert variants("he owes you a burn tribute (烧贡)") == [] and variants("he owes you a 烧贡") == [
        ("shao_gong", "烧贡")]
    assert {key for key, _ in variants("点贡, 闷贡 and 落贡")} == {"dian_gong", "men_gong", "luo_gong"}


def test_every_english_text_uses_the_glossary_rendering_of_each_term():
    texts = list(english_texts())
    assert len(texts) > 600     # the scan really read the game's texts
    found = [(where, key, hit, text) for where, text in texts for key, hit in variants(text)]
    assert not found, "\n".join(f"{where}: {hit!r} is not the glossary's {EN[key]!r}: {text}"
                                for where, key, hit, text in found[:20])


def test_every_term_has_a_rendering_and_a_one_line_gloss_in_both_languages():
    for key, term in TERMS.items():
        assert isinstance(term, Term) and term.zh and term.en and "\n" not in term.gloss + term.gloss_zh, key
        assert term.gloss and term.gloss_zh and len(term.gloss) <= 120, key
        for pattern in term.avoid:
            assert not re.search(pattern, term.en, flags=re.IGNORECASE), (key, pattern)   # never avoids itself


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_help_glosses_its_terms_at_their_first_use(lang):
    """要头, 憋3 and 够死级 are explained where the help first names them, with the glossary's gloss."""
    text = read_text_asset("text", f"rules_{lang}.txt")
    for key in GLOSSED_IN_HELP:
        term = TERMS[key]
        intro = term.intro_zh if lang == "zh" else term.intro
        assert intro in text, (key, intro)
        assert text.index(term.zh) == text.index(intro), f"{term.zh} is used before it is glossed"


def test_the_texts_draw_their_terms_from_the_glossary():
    assert t("role_2", "en") == t("role_4", "en") == EN["lianbang"]
    assert t("role_3", "en") == EN["duitou"] and t("chaos", "en") == EN["chaos"]
    assert KEYS["chaos_rules"][1] == EN["chaos"] and EN["lianbang"] in KEYS["burn_by_teammates"][1].lower()
    assert TERMS["duitou"].intro in t("your_turn_answer", "en")
    # the quiz may not import the UI: its copies of the renderings must agree
    assert (words.TEAMMATE, words.SMALL_JOKER, words.BIG_JOKER) == (EN["lianbang"], EN["small_joker"],
                                                                   EN["big_joker"])
    for kind, term in (("dian", "dian_gong"), ("shao", "shao_gong"), ("men", "men_gong"), ("luo", "luo_gong")):
        assert KIND_NAMES[kind] == (TERMS[term].zh, EN[term])
