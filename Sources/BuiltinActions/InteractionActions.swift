import ShortcutsContent
import ShortcutsEngine

enum InteractionActions {
    static let all: [ActionDefinition] = []
}
