import ShortcutsContent
import ShortcutsEngine

enum DateActions {
    static let all: [ActionDefinition] = []
}
