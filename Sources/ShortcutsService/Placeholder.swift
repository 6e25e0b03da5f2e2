// ShortcutsService: being written
