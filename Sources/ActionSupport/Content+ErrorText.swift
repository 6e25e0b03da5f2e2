import ShortcutsContent

extension Content {
    /// The content as an error message quotes it: its type and the start of its text, e.g.
    /// `text "abc"` or `dictionary "{"a":1}"`.
    package var quotedForError: String {
        let text = self.text
        let shown = text.count > 60 ? text.prefix(60) + "…" : Substring(text)
        return "\(typeName.lowercased()) \"\(shown)\""
    }
}
