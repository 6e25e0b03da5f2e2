import Foundation

/// Apple's `UndoManager`, which Foundation on Linux lacks: records operations that revert changes,
/// so an app can undo them and redo what it undid.
///
/// ```swift
/// undoManager.registerUndo(withTarget: store) { store in store.restore(task) }
/// undoManager.setActionName("Delete Task")
/// undoManager.undo()          // runs the handler; what it registers becomes the redo
/// ```
///
/// As Apple's, it belongs to the main actor, holds its targets without keeping them alive (an
/// operation whose target is gone is skipped), and groups operations: `beginUndoGrouping()` and
/// `endUndoGrouping()` make one undoable step of several. Apple's groups by run-loop event
/// (`groupsByEvent`); Linux programs have no such loop, so each operation registered outside an
/// explicit group is a step of its own.
@MainActor
open class UndoManager {
    /// One undoable step: its operations, in the order they were registered, and its name.
    private struct Group {
        var operations: [Operation] = []
        var actionName = ""
    }

    private struct Operation {
        let target: ObjectIdentifier
        let run: @MainActor () -> Void
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// Groups begun and not ended, the innermost last.
    private var openGroups: [Group] = []
    private var disabledCount = 0

    /// How many steps are kept; 0 means no limit.
    open var levelsOfUndo = 0 {
        didSet { trim() }
    }
    /// Accepted for Apple's shape; see the type's discussion.
    open var groupsByEvent = true
    open private(set) var isUndoing = false
    open private(set) var isRedoing = false

    public init() {}

    // MARK: Registering

    /// Registers an operation that undoes a change to `target`: undoing runs `handler` with it.
    open func registerUndo<TargetType: AnyObject>(withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void) {
        guard isUndoRegistrationEnabled else { return }
        weak let weakTarget = target
        let operation = Operation(target: ObjectIdentifier(target)) {
            if let target = weakTarget { handler(target) }
        }
        if openGroups.isEmpty {
            // A step of its own (Apple's would be the run-loop event's).
            var group = Group()
            group.operations.append(operation)
            push(group)
        } else {
            openGroups[openGroups.count - 1].operations.append(operation)
        }
    }

    /// Names the step being registered, or the last one: "Undo Delete Task".
    open func setActionName(_ actionName: String) {
        if !openGroups.isEmpty {
            openGroups[openGroups.count - 1].actionName = actionName
        } else if isUndoing || isRedoing {
            return
        } else if !undoStack.isEmpty {
            undoStack[undoStack.count - 1].actionName = actionName
        }
    }

    open func beginUndoGrouping() { openGroups.append(Group()) }

    /// Ends the innermost group: an outermost group becomes a step, an inner one part of its parent.
    open func endUndoGrouping() {
        guard let group = openGroups.popLast() else {
            preconditionFailure("endUndoGrouping() without a beginUndoGrouping()")
        }
        guard !group.operations.isEmpty else { return }
        if openGroups.isEmpty {
            push(group)
        } else {
            openGroups[openGroups.count - 1].operations += group.operations
            if openGroups[openGroups.count - 1].actionName.isEmpty {
                openGroups[openGroups.count - 1].actionName = group.actionName
            }
        }
    }

    /// How deep the open groups are.
    open var groupingLevel: Int { openGroups.count }

    open func disableUndoRegistration() { disabledCount += 1 }
    open func enableUndoRegistration() { disabledCount = max(0, disabledCount - 1) }
    open var isUndoRegistrationEnabled: Bool { disabledCount == 0 }

    // MARK: Undoing and redoing

    open var canUndo: Bool { !undoStack.isEmpty }
    open var canRedo: Bool { !redoStack.isEmpty }

    /// Undoes the last step: its operations run, the last registered first; what they register
    /// is the step's redo.
    open func undo() {
        // As Apple's: an open top-level group is closed first and is what is undone.
        if openGroups.count == 1 { endUndoGrouping() }
        precondition(openGroups.isEmpty, "undo() while nested groups are open")
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        let redo = replay(group)
        isUndoing = false
        if !redo.operations.isEmpty { redoStack.append(redo) }
    }

    /// Redoes the last undone step; what it registers is an undo again.
    open func redo() {
        if openGroups.count == 1 { endUndoGrouping() }
        precondition(openGroups.isEmpty, "redo() while nested groups are open")
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        let undo = replay(group)
        isRedoing = false
        if !undo.operations.isEmpty {
            undoStack.append(undo)
            trim()
        }
    }

    /// Undoes the operations of the open group registered so far (Apple's `undoNestedGroup`).
    open func undoNestedGroup() {
        guard let group = openGroups.popLast() else { return undo() }
        isUndoing = true
        let redo = replay(group)
        isUndoing = false
        if !redo.operations.isEmpty { redoStack.append(redo) }
    }

    open var undoActionName: String { undoStack.last?.actionName ?? "" }
    open var redoActionName: String { redoStack.last?.actionName ?? "" }
    open var undoMenuItemTitle: String { undoMenuTitle(forUndoActionName: undoActionName) }
    open var redoMenuItemTitle: String { redoMenuTitle(forUndoActionName: redoActionName) }

    open func undoMenuTitle(forUndoActionName actionName: String) -> String { actionName.isEmpty ? "Undo" : "Undo \(actionName)" }
    open func redoMenuTitle(forUndoActionName actionName: String) -> String { actionName.isEmpty ? "Redo" : "Redo \(actionName)" }

    // MARK: Removing

    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        openGroups.removeAll()
    }

    /// Removes every operation on `target`, and the steps left empty.
    open func removeAllActions(withTarget target: AnyObject) {
        let identifier = ObjectIdentifier(target)
        func without(_ groups: [Group]) -> [Group] {
            groups.map { group in
                var kept = group
                kept.operations.removeAll { $0.target == identifier }
                return kept
            }.filter { !$0.operations.isEmpty }
        }
        undoStack = without(undoStack)
        redoStack = without(redoStack)
    }

    // MARK: Private

    /// Adds a step: a new change clears what could be redone.
    private func push(_ group: Group) {
        undoStack.append(group)
        if !isUndoing && !isRedoing { redoStack.removeAll() }
        trim()
    }

    /// Runs a step's operations in reverse and gives what they registered, named as the step.
    private func replay(_ group: Group) -> Group {
        let depth = openGroups.count
        openGroups.append(Group(operations: [], actionName: group.actionName))
        for operation in group.operations.reversed() { operation.run() }
        // An operation may have removed every action (and the group collecting these) meanwhile.
        guard openGroups.count > depth else { return Group() }
        var registered = openGroups.remove(at: depth)
        if registered.actionName.isEmpty { registered.actionName = group.actionName }
        return registered
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}
