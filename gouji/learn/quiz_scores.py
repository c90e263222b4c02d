"""Quiz topics after the deal: what a finishing order scores (§4), and what
tribute the next deal pays (§5, §6, §8.3). Answers from ``score_deal`` and
``tribute.obligations`` under the default rules (``RULES``: 4/2 scoring, 开点
on). A tribute question's deal had no burn, no 闷, no 宣点 and no revolution,
and its prompt says so: only 落贡 and 点贡 are left to work out."""

from __future__ import annotations

import random

from ..engine import RuleSet, score_deal
from ..engine.scoring import is_chuan_san_hu, raw_team_points
from ..engine.seats import SEATS, same_team, team
from ..engine.tribute import DealResult, Payment, obligations
from .draft import Draft, shuffled
from .lessons import Text
from .words import cap, join, name, names, place, signed, tribute, verb

RULES = "qingdao"         # the preset these questions follow (the quiz screen names it)

TEAMS = (Text(f"你们这一方（{names((0, 2, 4)).zh}）", f"your team ({names((0, 2, 4)).en})"),
         Text(f"对方（{names((1, 3, 5)).zh}）", f"the other team ({names((1, 3, 5)).en})"))


def _places(rng: random.Random) -> list[int]:
    """A finishing order, now and then a 串三户."""
    places = list(SEATS)
    rng.shuffle(places)
    if rng.random() < 0.2:
        winners = [s for s in places if team(s) == team(places[0])]
        places = winners + [s for s in places if s not in winners]
    return places


def _order_text(places: list[int]) -> Text:
    return join((Text(f"{place(i).zh}{name(s).zh}", f"{place(i).en} {name(s).en}") for i, s in enumerate(places)),
                "，", ", ")


def score_question(rng: random.Random) -> Draft:
    rules = RuleSet.preset(RULES)
    places = _places(rng)
    side = rng.randint(0, 1)
    right = score_deal(places, rules)[side]
    raw = raw_team_points(places, rules)
    wrong = {raw[side], raw[1 - side], score_deal(places, rules)[1 - side], right * 2, right // 2, right + 2, 0, 4}
    numbers = [n for n in wrong if n != right]
    rng.shuffle(numbers)
    options, answer = shuffled(rng, _number(right), [_number(n) for n in numbers[:3]])
    prompt = Text(f"名次：{_order_text(places).zh}。{TEAMS[side].zh}这一局记几分？",
                  f"Finishing order: {_order_text(places).en}. What does {TEAMS[side].en} record for this deal?")
    return Draft(prompt, options, answer, _score_reason(places, side, rules))


def _number(n: int) -> Text:
    text = str(n) if n >= 0 else f"−{-n}"
    return Text(text, text)


def _score_reason(places: list[int], side: int, rules: RuleSet) -> Text:
    points = rules.place_points
    parts = [Text(f"{place(i).zh} {signed(points[i])}", f"{place(i).en} {signed(points[i])}")
             for i, s in enumerate(places) if team(s) == side]
    total = sum(points[i] for i, s in enumerate(places) if team(s) == side)
    lines = [Text(f"这一方：{join(parts, '，', ', ').zh}，合计 {signed(total)}。",
                  f"This team: {join(parts, '，', ', ').en}, total {signed(total)}.")]
    if is_chuan_san_hu(places) and team(places[0]) == side:
        lines.append(Text(f"拿了头科、二科、三科：串三户，翻倍记 {total * 2} 分。",
                          f"They took 头科, 二科 and 三科: 串三户, so the score doubles to {total * 2}."))
    elif total <= 0:
        lines.append(Text("只记正分：这一方记 0 分。", "Only a positive total is recorded: this team records 0."))
    return join(lines, "", " ")


def tribute_question(rng: random.Random) -> Draft:
    rules = RuleSet.preset(RULES)
    while True:
        places = _places(rng)
        opened = tuple(rng.random() < 0.6 for _ in SEATS)
        result = DealResult(places=tuple(places), opened=opened)
        owed = obligations(result, rules)
        giver = rng.choice([p.giver for p in owed] + [places[5], places[4], rng.choice(SEATS)])
        right = _pays(owed, giver)
        wrong = [_pays(alt, giver) for alt in _mistakes(result, rules)] + [_pays([], giver)]
        if any(w != right for w in wrong):
            break
    options, answer = shuffled(rng, right, wrong)
    points = Text(f"开点的人：{_who(opened).zh}。", f"Opened: {_who(opened).en}. ")
    pays = f"What tribute {verb(giver, 'does', 'do')} {name(giver).en} pay next deal?"
    quiet = Text("那一局没有烧成功，没有人被闷，没有人宣点，也没有人革命。",
                 "In that deal no burn succeeded, nobody was stuck (闷), nobody declared (宣点) and nobody revolted. ")
    prompt = Text(f"上一局名次：{_order_text(places).zh}。{points.zh}{quiet.zh}下一局{name(giver).zh}要进什么贡？",
                  f"Last deal's order: {_order_text(places).en}. {points.en}{quiet.en}{pays}")
    return Draft(prompt, options, answer, _tribute_reason(result, owed, rules))


def _who(opened: tuple[bool, ...]) -> Text:
    seats = [s for s in SEATS if opened[s]]
    if len(seats) == len(SEATS):
        return Text("所有人", "everyone")
    return names(seats) if seats else Text("没有人", "nobody")


def _pays(owed: list[Payment], giver: int) -> Text:
    mine = [p for p in owed if p.giver == giver and p.receiver != giver]
    if not mine:
        return Text("什么都不进", "nothing")
    return join((Text(f"给{name(p.receiver).zh}{p.count} 张{tribute(p.kind).zh}", f"{_cards(p)} to "
                      f"{name(p.receiver).en}") for p in mine), "，", "; ")


def _cards(p: Payment) -> str:
    """"place tribute: 2 cards" """
    return f"{tribute(p.kind).en}: {p.count} card{'s' * (p.count != 1)}"


def _mistakes(result: DealResult, rules: RuleSet) -> list[list[Payment]]:
    """Tribute worked out with a rule forgotten: teammates pay, 点贡 left out, places swapped."""
    pay_all = rules.replace(tribute_between_teammates="pay")
    places = result.places
    swapped = DealResult(places=(places[1], places[0], *places[2:4], places[5], places[4]), opened=result.opened)
    no_points = rules.replace(kai_dian=False)
    naive = [Payment("luo", places[5], places[0], 2), Payment("luo", places[4], places[1], 1)]
    return [obligations(result, pay_all), obligations(result, no_points), obligations(swapped, rules), naive]


def _tribute_reason(result: DealResult, owed: list[Payment], rules: RuleSet) -> Text:
    places = result.places
    if result.chuan_san_hu:
        first = "亮4" if rules.bie_san else "亮3"
        return Text(f"串三户：下一局不进贡，重新{first}。",
                    f"串三户: no tribute of any kind next deal; it starts with {first}.")
    luo, dian = tribute("luo"), tribute("dian")
    lines = [Text(f"{luo.zh}：{_place_tribute(places, 5, 0, 2).zh}；{_place_tribute(places, 4, 1, 1).zh}。",
                  f"{cap(luo.en)} ({luo.zh}): {_place_tribute(places, 5, 0, 2).en}; "
                  f"{_place_tribute(places, 4, 1, 1).en}.")]
    if rules.kai_dian:
        lines.append(Text(f"{dian.zh}：没开点的人给自己的对头 1 张；一对对头都没开点就互相给。",
                          f"{cap(dian.en)} ({dian.zh}): whoever did not open gives his 对头 one card; if both "
                          "failed they exchange."))
    lines.append(Text(f"所以：{_all(owed).zh}。", f"So: {_all(owed).en}."))
    return join(lines, "", " ")


def _place_tribute(places: tuple[int, ...], giver: int, receiver: int, n: int) -> Text:
    """大落（你）给头科（小赵）2 张 / the 大落 (you) gives the 头科 (Zhao) 2 cards — or, between teammates,
    that there is none."""
    g, r = places[giver], places[receiver]
    who = Text(f"{place(giver).zh}（{name(g).zh}）", f"the {place(giver).zh} ({name(g).en})")
    to = Text(f"{place(receiver).zh}（{name(r).zh}）", f"the {place(receiver).zh} ({name(r).en})")
    if same_team(g, r):
        return Text(f"{who.zh}和{to.zh}是一方的，不进{tribute('luo').zh}",
                    f"{who.en} and {to.en} are teammates: no {tribute('luo').en} between them")
    return Text(f"{who.zh}给{to.zh}{n} 张", f"{who.en} gives {to.en} {n} card{'s' * (n != 1)}")


def _all(owed: list[Payment]) -> Text:
    if not owed:
        return Text("谁都不进贡", "nobody pays")
    return join((Text(f"{name(p.giver).zh}给{name(p.receiver).zh}{p.count} 张{tribute(p.kind).zh}",
                      f"{name(p.giver).en} {verb(p.giver, 'gives', 'give')} {name(p.receiver).en} {_cards_of(p)}")
                 for p in owed), "，", "; ")


def _cards_of(p: Payment) -> str:
    """"2 cards of place tribute" """
    return f"{p.count} card{'s' * (p.count != 1)} of {tribute(p.kind).en}"
