"""Play with friends 联机: hosting, joining, the lobby and the shared table's notices."""

STRINGS: dict[str, tuple[str, str]] = {
    # the title screen
    "net_host": ("开房", "Host a table"),
    "net_join": ("加入", "Join a table"),
    # hosting and joining
    "net_host_title": ("开房 · 和朋友一起打", "Host a table for friends"),
    "net_join_title": ("加入朋友的桌子", "Join a friend's table"),
    "net_host_tip": ("你的电脑做主机：同一局域网的朋友输入地址和房间号加入，空座由电脑玩。",
                     "Your computer hosts: friends on your network join by address and room code; "
                     "bots play the empty seats."),
    "net_name": ("你的名字", "Your name"),
    "net_default_name": ("玩家", "Player"),   # the name field's first text while the player has not chosen one
    "net_table_title": ("{host}的桌子", "{host}'s table"),   # a hosted table's title in the LAN's lists
    "net_address": ("主机地址（IP:端口）", "Host address (IP:port)"),
    "net_code": ("房间号", "Room code"),
    "net_found": ("局域网里的桌子", "Tables on your network"),
    "net_found_none": ("还没找到桌子（每几秒刷新一次）；也可以直接输入地址和房间号",
                       "No table found yet (looking again every few seconds); you can type the address and code"),
    "net_found_looking": ("正在局域网里找桌子…", "Looking for tables on your network…"),
    "net_found_failed": ("局域网搜索用不了：{why}", "Cannot look for tables on the network: {why}"),
    "net_found_row": ("{title}   房间 {room}   空座 {free}   版本 {app}", "{title}   room {room}   {free} free   v{app}"),
    "net_found_other": ("（版本不同）", "(another version)"),
    "net_open": ("开房", "Open the table"),
    "net_connect": ("加入", "Join"),
    "net_opening": ("正在开房…", "Opening the table…"),
    "net_connecting": ("正在连接 {url} …", "Connecting to {url} …"),
    "net_bad_name": ("名字要 1 到 {most} 个字，不能有控制字符", "A name is 1 to {most} printable characters"),
    "net_bad_address": ("地址写成 IP:端口，例如 192.168.1.5:47777",
                        "Write the address as IP:port, e.g. 192.168.1.5:47777"),
    "net_bad_code": ("房间号是 5 个字母或数字，例如 K7M2Q", "A room code is 5 letters or digits, e.g. K7M2Q"),
    "net_unreachable": ("连不上 {url}：主机没开，地址或端口不对，或被防火墙挡住了",
                        "Cannot reach {url}: the host is not running, the address or port is wrong, "
                        "or a firewall is in the way"),
    "net_refused": ("主机拒绝了：{why}", "The host refused: {why}"),
    "net_host_failed": ("开房失败：{why}", "Could not open the table: {why}"),
    "net_not_announced": ("局域网广播没成功（{why}）：朋友需要输入地址和房间号加入",
                          "The table could not be announced on the network ({why}): friends join by address "
                          "and room code"),
    # the lobby
    "lobby_title": ("房间", "Room"),
    "lobby_code_tip": ("把房间号和地址告诉朋友", "Tell your friends the room code and an address"),
    "lobby_addresses": ("地址：{list}", "Address: {list}"),
    "lobby_team_even": ("一队（座 1 · 3 · 5）", "Team A (seats 1 · 3 · 5)"),
    "lobby_team_odd": ("二队（座 2 · 4 · 6）", "Team B (seats 2 · 4 · 6)"),
    "lobby_seat": ("{n} 号座", "Seat {n}"),
    "lobby_bot": ("电脑（{level}）", "Bot ({level})"),
    "lobby_you": ("你", "you"),
    "lobby_marks": ("（{marks}）", "({marks})"),
    "lobby_host_mark": ("房主", "host"),
    "lobby_away": ("暂离", "away"),
    "lobby_rules": ("规则：{name}", "Rules: {name}"),
    "lobby_bots": ("空座电脑：{level}", "Bots: {level}"),
    "lobby_deals": ("局数：{n}", "Deals: {n}"),
    "lobby_timer": ("计时：{what}", "Timer: {what}"),
    "lobby_timer_off": ("无", "off"),
    "lobby_timer_on": ("{n} 秒", "{n} s"),
    "lobby_start": ("开始", "Start"),
    "lobby_leave": ("离开", "Leave"),
    "lobby_swap_tip": ("点两个座位交换位置", "Click two seats to swap them"),
    "lobby_swap_first": ("已选 {n} 号座，再点一个座位交换", "Seat {n} chosen: click another seat to swap"),
    "lobby_wait_host": ("等房主开始…", "Waiting for the host to start…"),
    "lobby_people": ("{n} 人已入座，其余由电脑玩", "{n} people seated; bots play the rest"),
    # the shared table
    "net_phrases": ("快捷语", "Phrases"),
    "net_mute": ("屏蔽 {name}", "Mute {name}"),
    "net_unmute": ("取消屏蔽 {name}", "Unmute {name}"),
    "net_muted_mark": ("已屏蔽", "muted"),
    "net_left": ("{name} 掉线了，电脑托管他的座位", "{name} left: a bot plays the seat"),
    "net_back": ("{name} 回来了", "{name} is back"),
    "net_joined": ("{name} 加入了", "{name} joined"),
    "net_timeout": ("{name} 超时，电脑替他出了一手", "{name} ran out of time: a bot played for him"),
    "net_reconnecting": ("和主机的连接断了，正在重连…", "The link to the host dropped: reconnecting…"),
    "net_reconnected": ("已重新连上主机", "Connected to the host again"),
    "net_host_gone": ("房主已离开：{why}", "The host has left: {why}"),
    "net_host_gone_plain": ("和主机的连接断了", "the link to the host is down"),
    "net_retry": ("重连", "Reconnect"),
    "net_retry_failed": ("重连失败：{why}", "Could not reconnect: {why}"),
    "net_tuoguan_local": ("托管：电脑替你出牌（在你这边）", "托管: a bot plays your seat (on your computer)"),
    "net_to_lobby": ("回到标题", "To the title"),
    "net_away_mark": ("托管", "bot plays"),
    "net_quit_hosting_question": ("你是这张桌子的房主，朋友们还在桌上。离开会关闭这张桌子，他们会被告知。确定离开吗？",
                                  "You host this table and your friends are at it. Leaving closes the table "
                                  "(they are told so). Leave anyway?"),
    "net_quit_hosting_yes": ("关闭桌子并离开", "Close the table and leave"),
    "net_recorded": ("这场比赛已记入你的牌局记录", "The match is in your history"),
    "net_not_recorded": ("这场比赛没能记下：{why}", "The match could not be recorded: {why}"),
}

# lines whose subject may be the player himself (``t`` uses these when name is "You")
YOU: dict[str, str] = {
    "net_back": "You are back",
}
