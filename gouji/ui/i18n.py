"""Every string the UI shows, in Chinese and English.

``t(key, lang, **fields)`` formats one. Keep keys short and stable: the font
coverage test walks this table.
"""

from __future__ import annotations

STRINGS: dict[str, tuple[str, str]] = {
    # title screen
    "title": ("够级", "Gouji"),
    "subtitle": ("青岛六人四副牌 · 离线对战机器人", "Six players, four decks · offline against bots"),
    "new_game": ("新游戏", "New game"),
    "continue": ("继续", "Continue"),
    "preset": ("规则：{name}", "Rules: {name}"),
    "language": ("语言：中文", "Language: English"),
    "settings": ("设置", "Settings"),
    "rules_help": ("规则说明", "Rules help"),
    "quit": ("退出", "Quit"),
    "version": ("版本 {version}", "version {version}"),
    "preset_qingdao": ("青岛标准", "Qingdao standard"),
    "preset_basic": ("基础", "Basic"),
    "preset_app196": ("196 张", "196 cards"),
    "preset_custom": ("自定义", "Custom"),
    # seats and states
    "you": ("你", "You"),
    "name_1": ("小李", "Li"), "name_2": ("老王", "Wang"), "name_3": ("大张", "Zhang"),
    "name_4": ("阿梅", "Mei"), "name_5": ("小赵", "Zhao"),
    "role_0": ("我方", "you"), "role_1": ("下家", "next"), "role_2": ("联邦", "partner"),
    "role_3": ("对头", "opposite"), "role_4": ("联邦", "partner"), "role_5": ("上家", "previous"),
    "log_name": ("{role}{name}", "{name}"),
    "state_turn": ("出牌中", "to play"),
    "state_passed": ("过", "pass"),
    "state_rang": ("让", "yield"),
    "state_burning": ("烧牌中", "burning"),
    "state_wutou": ("无头", "无头"),
    "state_opened": ("已开点", "opened"),
    "state_revolted": ("革命", "revolt"),
    "team_yours": ("我方", "your team"),
    "team_theirs": ("对方", "their team"),
    "cards_left": ("{n} 张", "{n} cards"),
    "place_0": ("头科", "1st 头科"), "place_1": ("二科", "2nd 二科"), "place_2": ("三科", "3rd 三科"),
    "place_3": ("四科", "4th 四科"), "place_4": ("二落", "5th 二落"), "place_5": ("大落", "6th 大落"),
    # buttons
    "btn_play": ("出牌", "Play"),
    "btn_pass": ("过牌", "Pass"),
    "btn_kou": ("扣牌", "Pass (扣)"),
    "btn_rang": ("让牌", "Yield 让"),
    "btn_burn": ("烧牌", "Burn 烧"),
    "btn_noburn": ("不烧", "No burn"),
    "btn_hint": ("提示", "Hint"),
    "btn_tuoguan": ("托管", "Autoplay"),
    "btn_tuoguan_on": ("取消托管", "Stop autoplay"),
    "btn_counter": ("记牌器", "Counter"),
    "btn_menu": ("菜单", "Menu"),
    "btn_next_deal": ("下一局", "Next deal"),
    "btn_back": ("返回", "Back"),
    "btn_title": ("回到主菜单", "Title screen"),
    # messages
    "your_turn_lead": ("轮到你首发：选牌后出牌", "Your lead: select cards and play"),
    "your_turn_follow": ("轮到你：管上或过牌", "Your turn: beat it or pass"),
    "your_turn_answer": ("对头打够级，只有你能管：出牌或扣牌",
                         "Your 对头's 够级: only you may answer — beat it or pass"),
    "your_turn_burn": ("可以烧牌：烧还是不烧？", "You may burn this 够级: burn or not?"),
    "your_turn_wutou": ("你已无头，可以直接管这手够级", "You are 无头: you may beat this 够级 with a plain play"),
    "waiting": ("等待 {name}", "Waiting for {name}"),
    "select_first": ("先选要出的牌", "Select the cards to play first"),
    "hint_none": ("没有提示", "No hint"),
    "hint_pass": ("建议：过牌", "Hint: pass"),
    "hint_noburn": ("建议：不烧", "Hint: don't burn"),
    "hint_rang": ("建议：让牌", "Hint: yield (让)"),
    "hint_play": ("建议：{cards}", "Hint: {cards}"),
    "autopass": ("没有能管的牌，自动过", "Nothing can beat it: passing"),
    "deal_over": ("本局结束", "The deal is over"),
    "counter_title": ("记牌器（未见的牌）", "Card counter (not yet seen)"),
    "log_title": ("出牌记录", "Play log"),
    "chaos": ("四人乱缠", "四人乱缠 (free-for-all)"),
    "standing_gouji": ("够级", "够级"),
    # round log lines
    "log_lead": ("{name} 首发", "{name}: leads"),
    "log_play": ("{name} 出 {cards}", "{name}: {cards}"),
    "log_burn": ("{name} 烧牌 {cards}", "{name}: burn with {cards}"),
    "log_pass": ("{name} 过", "{name}: pass"),
    "log_kou": ("{name} 扣牌", "{name}: pass (扣)"),
    "log_noburn": ("{name} 不烧", "{name}: no burn"),
    "log_rang": ("{name} 让牌", "{name}: yield (让)"),
    "log_out": ("{name} 出完：{place}", "{name}: out — {place}"),
    "log_wutou": ("{name} 无头了", "{name}: now 无头"),
    "log_gousiji": ("{name} 得到一次够死级", "{name}: gets a 够死级"),
    "log_burn_end": ("{name} 的烧牌被解了（解烧）", "{name}: burn broken (解烧)"),
    "log_burn_won": ("{name} 烧成功！", "{name}: burn succeeded (烧成功)!"),
    "log_men": ("{name} 被闷了", "{name}: stuck (闷)"),
    "log_opened": ("{name} 开点", "{name}: opened (开点)"),
    "log_round": ("{name} 赢了这一轮", "{name}: won the round"),
    "log_chaos": ("四人乱缠开始", "四人乱缠 begins"),
    "log_liang": ("{name} 亮3，首发", "{name}: shows two 3s (亮3), leads"),
    # result screen
    "result_title": ("本局结果", "Result of the deal"),
    "result_place": ("名次", "Place"),
    "result_player": ("玩家", "Player"),
    "result_points": ("得分", "Points"),
    "result_team": ("{team}：{points} 分", "{team}: {points} points"),
    "result_recorded": ("记分（只记正分）", "Recorded (positives only)"),
    "chuan_san_hu": ("串三户！", "串三户 — a clean sweep!"),
    "team_even": ("你们队", "Your team"),
    "team_odd": ("对方队", "Their team"),
    "you_win": ("你们赢了这一局", "Your team won this deal"),
    "you_lose": ("对方赢了这一局", "Their team won this deal"),
    "draw": ("平局", "A draw"),
    # settings
    "settings_title": ("设置", "Settings"),
    "set_language": ("语言", "Language"),
    "set_speed": ("机器人速度", "Bot speed"),
    "speed_slow": ("慢", "slow"), "speed_normal": ("正常", "normal"),
    "speed_fast": ("快", "fast"), "speed_instant": ("瞬间", "instant"),
    "set_sound": ("声音", "Sound"),
    "set_counter": ("记牌器", "Card counter"),
    "set_counts": ("显示剩余张数", "Show cards left"),
    "counts_le10": ("10 张以内", "10 or fewer"), "counts_always": ("总是", "always"),
    "set_autopass": ("管不上时自动过", "Pass automatically when nothing beats"),
    "set_preset": ("规则", "Rules"),
    "on": ("开", "on"), "off": ("关", "off"),
    "lang_zh": ("中文", "中文"), "lang_en": ("English", "English"),
    "settings_broken": ("设置文件损坏，已恢复默认：{why}", "The settings file was broken and has been reset: {why}"),
    # rules help
    "help_title": ("规则说明", "Rules help"),
    "help_scroll": ("滚轮或方向键翻页 · Esc 返回", "Scroll with the wheel or arrow keys · Esc to go back"),
}


def t(key: str, lang: str, **fields: object) -> str:
    zh, en = STRINGS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def other_language(lang: str) -> str:
    return "en" if lang == "zh" else "zh"
