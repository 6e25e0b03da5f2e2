import ActionSupport
/// Scripts: shell and other interpreters, SSH, and Automator's actions.
enum ScriptCatalog {
    static let entries: [CatalogEntry] = (ScriptActions.all + SSHActions.all + AutomatorActions.all).listed(under: .scripting)
}
