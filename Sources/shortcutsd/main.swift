print("shortcutsd: being written")
