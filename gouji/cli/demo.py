"""A headless demo deal printed as text (random choices for every seat)."""

from __future__ import annotations

import random

from ..engine.game import Game
from ..engine.rules import RuleSet
from ..engine.scoring import PLACE_NAMES_EN, PLACE_NAMES_ZH


def describe(event) -> str | None:
    texts = {
        "lead": "{seat} leads / 首发", "play": "{seat} plays {cards}", "burn": "{seat} burns 烧 {cards}",
        "pass": "{seat} passes 过", "rang": "{seat} yields 让", "out": "{seat} is out 出完",
        "burn_end": "{seat}'s burn is broken 解烧", "burn_won": "{seat} burned successfully 烧成功",
        "chaos": "四人乱缠 begins",
    }
    template = texts.get(event.kind)
    if template is None:
        return None
    return template.format(seat=f"seat {event.seat}", cards=event.cards)


def run_demo(seed: int, rules: RuleSet) -> int:
    game = Game.new_deal(seed, rules)
    rng = random.Random(seed)
    while not game.is_over:
        for event in game.apply(rng.choice(game.legal_actions())):
            line = describe(event)
            if line:
                print(line)
    for place, seat in enumerate(game.places):
        print(f"{PLACE_NAMES_ZH[place]} {PLACE_NAMES_EN[place]}: seat {seat}")
    print("team points (even, odd):", game.score())
    return 0
