"""Drawing with pygame: the theme, fonts, card art and faces, widgets (buttons,
the scroll bar, the text box) and the painters of the table, the seats, the
sidebar, the big moments, the statistics and Learn's screens."""
