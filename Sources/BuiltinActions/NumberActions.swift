import ShortcutsContent
import ShortcutsEngine

enum NumberActions {
    static let all: [ActionDefinition] = []
}
