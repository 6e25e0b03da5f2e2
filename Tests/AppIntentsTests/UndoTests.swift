import AppIntents
import ShortcutsContent
import Testing

/// `UndoManager` with Apple's semantics, and an `UndoableIntent` registering its undo through the
/// real server, undone from the app as Apple's apps do.
struct UndoTests {
    /// A list of names, changed and changed back.
    @MainActor final class Shelf {
        var names: [String] = []

        func add(_ name: String, undo: UndoManager) {
            names.append(name)
            undo.registerUndo(withTarget: self) { shelf in shelf.remove(name, undo: undo) }
            undo.setActionName("Add \(name)")
        }

        func remove(_ name: String, undo: UndoManager) {
            names.removeAll { $0 == name }
            undo.registerUndo(withTarget: self) { shelf in shelf.add(name, undo: undo) }
        }
    }

    @Test @MainActor func stepsUndoRedoAndGroup() {
        let undo = UndoManager()
        let shelf = Shelf()
        #expect(!undo.canUndo && undo.undoMenuItemTitle == "Undo")
        shelf.add("Dune", undo: undo)
        shelf.add("Emma", undo: undo)
        #expect(undo.undoMenuItemTitle == "Undo Add Emma")
        undo.undo()
        #expect(shelf.names == ["Dune"] && undo.canRedo && undo.redoMenuItemTitle == "Redo Add Emma")
        undo.redo()
        #expect(shelf.names == ["Dune", "Emma"] && !undo.canRedo)
        undo.undo()
        shelf.add("Ulysses", undo: undo)
        #expect(!undo.canRedo, "a new change clears what could be redone")

        undo.beginUndoGrouping()
        shelf.add("Kim", undo: undo)
        shelf.add("Lolita", undo: undo)
        undo.setActionName("Add Two")
        undo.endUndoGrouping()
        #expect(undo.undoActionName == "Add Two")
        undo.undo()
        #expect(shelf.names == ["Dune", "Ulysses"])

        undo.levelsOfUndo = 1
        undo.undo()
        #expect(shelf.names == ["Dune"] && !undo.canUndo)

        var gone: Shelf? = Shelf()
        gone?.add("Walden", undo: undo)
        gone = nil
        undo.undo()
        #expect(!undo.canUndo, "a step whose target is gone is spent")
        shelf.add("Beloved", undo: undo)
        undo.removeAllActions(withTarget: shelf)
        #expect(!undo.canUndo)
        // An open top-level group is closed by undo() and is what it undoes.
        undo.beginUndoGrouping()
        shelf.add("Rebecca", undo: undo)
        undo.undo()
        #expect(!shelf.names.contains("Rebecca") && undo.canRedo)
        // An operation that clears every action while it is undone stops nothing.
        let clearing = Shelf()
        undo.registerUndo(withTarget: clearing) { _ in undo.removeAllActions() }
        undo.undo()
        #expect(!undo.canUndo && !undo.canRedo)
        undo.disableUndoRegistration()
        shelf.add("Carrie", undo: undo)
        undo.enableUndoRegistration()
        #expect(!undo.canUndo && undo.isUndoRegistrationEnabled)
    }

    @Test func anUndoableIntentIsUndoneFromTheApp() async throws {
        await MainActor.run {
            AppUndoManager.current = UndoManager()
            BookStore.shared.titles = []
        }
        try await ServerHarness.with([ShelveBookIntent.self]) { server in
            let result = try await server.perform("ShelveBookIntent", ["book": .text("Middlemarch")])
            #expect(result.outcome == .success)
        }
        // The app undoes it from its own interface.
        await MainActor.run {
            let manager = AppUndoManager.current
            #expect(BookStore.shared.titles == ["Middlemarch"] && manager?.undoActionName == "Shelve Middlemarch")
            manager?.undo()
            #expect(BookStore.shared.titles.isEmpty)
        }
    }
}

/// The app's books, changed by an intent and changed back by its undo.
@MainActor final class BookStore {
    static let shared = BookStore()
    var titles: [String] = []
}

struct ShelveBookIntent: UndoableIntent {
    static let title: LocalizedStringResource = "Shelve Book"
    @Parameter(title: "Book") var book: String

    func perform() async throws -> some IntentResult {
        let book = self.book
        await MainActor.run {
            BookStore.shared.titles.append(book)
            undoManager?.registerUndo(withTarget: BookStore.shared) { store in store.titles.removeAll { $0 == book } }
            undoManager?.setActionName("Shelve \(book)")
        }
        return .result()
    }
}
