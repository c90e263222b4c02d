"""Messages shown over any screen (gouji/ui/notices.py): files that could not
be read at start-up or written during play."""

STRINGS: dict[str, tuple[str, str]] = {
    "save_broken": ("存档损坏，不能继续，已另存一份：{why}", "The saved match is broken and cannot be resumed: {why}"),
    "save_failed": ("比赛无法存档，退出后将不能继续：{why}",
                    "The match could not be saved; Continue will not find it after you quit: {why}"),
    "save_works": ("存档恢复正常", "The match is being saved again"),
    "settings_save_failed": ("设置无法保存，下次启动会恢复原样：{why}",
                             "The settings could not be saved; they will be as before next time: {why}"),
    "rules_save_failed": ("规则无法保存：{why}", "The house rules could not be saved: {why}"),
    "history_problem": ("牌局记录：{why}", "The history: {why}"),
    "review_failed": ("无法复盘：{why}", "This deal cannot be reviewed: {why}"),
    "practice_started": ("练习局：从复盘的这一步接着打，不存档，也不计入统计",
                         "A practice game from the review's position: not saved, not counted in the statistics"),
}
