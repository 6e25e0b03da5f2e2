import ActionSupport

/// Scripts: shell and other interpreters, SSH, and Automator's actions.
package enum ScriptCatalog {
    package static let entries: [CatalogEntry] = (ScriptActions.all + SSHActions.all + AutomatorActions.all).listed(under: .scripting)
}
