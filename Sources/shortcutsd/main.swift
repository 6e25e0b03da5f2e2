import ShortcutsService

ServiceDaemon.main()
