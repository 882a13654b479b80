/// A part of a date as the contact form asks for it: each language orders them its own way
/// (`Catalogue.datePartOrder`).
public enum DatePart: Sendable, CaseIterable {
    case year, month, day
}
