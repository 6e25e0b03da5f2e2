// ShortcutsEvents: being written
