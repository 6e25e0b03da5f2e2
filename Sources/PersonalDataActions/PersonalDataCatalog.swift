import ActionSupport

/// The person's calendars, reminders, contacts, notes and mail.
package enum PersonalDataCatalog {
    package static let entries: [CatalogEntry] =
        (CalendarActions.all + ReminderActions.all).listed(under: .calendar)
        + (ContactActions.all + MailActions.all).listed(under: .sharing)
        + NoteActions.all.listed(under: .documents)
}
