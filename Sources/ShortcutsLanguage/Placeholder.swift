// ShortcutsLanguage: being written
