import ShortcutsContent
import ShortcutsEngine

enum ScriptActions {
    static let all: [ActionDefinition] = []
}
