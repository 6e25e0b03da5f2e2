import ShortcutsCLI

ShortcutsCommand.main()
