import ShortcutsContent
import ShortcutsEngine

enum ListActions {
    static let all: [ActionDefinition] = []
}
