"""One line per house-rule key of RULES §9, in both languages, for the rules screen."""

from __future__ import annotations

from .glossary import EN, EN_MANY

MATE, MATES = EN["lianbang"], EN_MANY["lianbang"]
SMALL, BIG = EN["small_joker"], EN["big_joker"]

# key -> (name zh, name en, explanation zh, explanation en)
KEYS: dict[str, tuple[str, str, str, str]] = {
    "deck": ("牌数", "Deck", "216 张四副牌；196/198 去掉部分 3 和 4", "216 = four full packs; 196/198 drop some 3s and 4s"),
    "bie_san": ("憋3", "憋3", "最后一手必须是自己所有的 3；没 3 要买", "your last play must be all your 3s; buy one if you have none"),
    "hui_san": ("会3", "会3", "开打前把所有 3 拿掉（不能和憋3 同开）", "all 3s leave play before the first lead (not with 憋3)"),
    "first_lead": ("首局首发", "First lead", "亮3（憋3 时亮4）：先摸到两张同花 3（4）的先出，同花更多的人顶班；或随机",
                   "亮3 (亮4 under 憋3): first with two 3s (4s) of a suit leads; more of a suit takes over (顶班); or random"),
    "later_lead": ("以后首发", "Later leads", "上局大落先出；或每局轮换一位", "last deal's 大落 leads; or the lead rotates"),
    "mixed_jokers": ("大小王混出", "Mixed jokers", "死牌；或当成小王（能被管）", f"dead; or all count as {SMALL}s (beatable)"),
    "pass_exception": ("过牌例外", "Pass exception", "过了还能管对头的任何牌；或只管对头的够级", "after passing you may still answer any 对头 play; or only his 够级"),
    "chaos_rules": ("四人乱缠", EN["chaos"], "大纲：过了还能出；或过牌照样锁住、可让牌", "大纲: a pass never locks you out; or keep the lockout and 让"),
    "burn_by_teammates": ("联邦可烧", f"{MATES.capitalize()} burn", "出够级者的联邦也能烧他的牌", f"the 够级 player's {MATES} may burn it too"),
    "kai_dian": ("打点", "开点", "没开点的人下局给对头一张点贡", f"a player who did not open owes his 对头 a card ({EN['dian_gong']})"),
    "kai_dian_eligibility": ("开点牌", "What opens", "标准：不带王、不是单张 2；大纲：不带大王；纯：只算不带 2 和王的 10 到 A",
                             f"standard: no jokers, not a lone 2; 大纲: no {BIG}; pure: only sets of 10s to aces, "
                             "with no 2s or jokers"),
    "xuan_dian": ("宣点", "宣点", "开打前宣对头开不了点（明点）；还可发牌前预点", "declare your 对头 won't open (明点); or also before the deal (预点)"),
    "fanche_double": ("翻车加倍", "Double 翻车", "宣点翻车时加倍赔", "a wrong declaration pays double"),
    "tribute": ("进贡", "Tribute", "上局的名次、开点、烧牌和闷决定下局进贡",
                "a deal's places, 开点, burns and 闷 decide the next deal's tribute"),
    "tribute_cards": ("贡牌", "Tribute cards", "只进大王、小王、2；或手里最大的牌", f"only {BIG}s, {SMALL}s and 2s; or the highest cards"),
    "tribute_order": ("进贡顺序", "Tribute order", "点贡、烧贡、闷贡、落贡的先后",
                      f"the order of {EN['dian_gong']}, {EN['shao_gong']}, {EN['men_gong']} and {EN['luo_gong']}"),
    "return_must_match_rank": ("还贡同点", "Return by rank", "还贡的牌必须是进贡人手里有的点数（还贡人这样的牌不够时可以随便还）",
                               "returned cards must be of ranks the payer holds (free, if the returner has too few such cards)"),
    "tribute_between_teammates": ("联邦间进贡", f"{MATE.capitalize()} tribute", "联邦之间不进贡；或照进", f"no tribute between {MATES}; or pay it"),
    "chuan_san_hu_tribute": ("串三户进贡", "Sweep tribute", "串三户后不进贡；或输方每人给对头一张", "no tribute after 串三户; or each loser gives his 对头 one"),
    "men_exempt_if_opposite": ("被对头闷免贡", "Stuck by 对头", "被对头闷了不用进闷贡", f"no {EN['men_gong']} when your 对头 stuck you"),
    "scoring": ("计分", "Scoring", "头科 +4 二科 +2 … 大落 −4；或减半", "头科 +4, 二科 +2 … 大落 −4; or half"),
    "positives_only": ("只记正分", "Positives only", "一局只有得正分的队记分", "only a team with a positive total scores"),
    "series_length": ("局数", "Deals", "一场比赛打几局", "how many deals make a match"),
    "revolution": ("革命", "Revolution", "没 2 没王可以革命（不打这局）；憋3 时还要没 3，买3 时自动革命",
                   "no 2s, no jokers: you may revolt (sit out); under 憋3, no 3 too, and it is automatic at 买3"),
    "show_counts": ("报牌", "Show counts", "剩 10 张以内公开张数；或总是；或从不", "show hand sizes at 10 or fewer; always; or never"),
}

TRIBUTE_ORDERS = (("dian", "shao", "men", "luo"), ("luo",), ("men", "shao", "dian", "luo"),
                  ("dian", "luo"), ("luo", "dian", "shao", "men"))
SERIES_LENGTHS = (1, 3, 5, 8, 10)
VALUE_WORDS = {
    "liang3": ("亮3", "亮3"), "random": ("随机", "random"), "da_luo": ("大落先出", "大落 leads"),
    "rotate": ("轮换", "rotate"), "dead": ("死牌", "dead"), "as_small": ("当小王", f"as {SMALL}s"),
    "any_opposite_play": ("对头任何牌", "any 对头 play"), "opposite_gouji_only": ("只限够级", "够级 only"),
    "dagang": ("大纲", "大纲"), "tcy": ("锁住", "keep lockout"), "standard": ("标准", "standard"),
    "pure": ("纯", "pure"), "off": ("关", "off"), "ming": ("明点", "明点"), "ming_and_yu": ("明点+预点", "明点+预点"),
    "jokers_and_twos": ("王和 2", "jokers and 2s"), "highest_any": ("最大的牌", "highest"),
    "skip": ("不进", "skip"), "pay": ("照进", "pay"), "none": ("不进", "none"), "quan_gong": ("全贡", "全贡"),
    "4_2": ("4/2", "4/2"), "2_1": ("2/1", "2/1"), "le10": ("10 张以内", "≤ 10"), "always": ("总是", "always"),
    "never": ("从不", "never"), "dian": ("点", "point"), "shao": ("烧", "burn"), "men": ("闷", EN["men"]), "luo": ("落", "place"),
}


def value_text(value, lang: str) -> str:
    index = 0 if lang == "zh" else 1
    if isinstance(value, bool):
        return ("开", "on")[index] if value else ("关", "off")[index]
    if isinstance(value, tuple):
        return "·".join(VALUE_WORDS[v][index] for v in value)
    if isinstance(value, str):
        return VALUE_WORDS.get(value, (value, value))[index]
    return str(value)
