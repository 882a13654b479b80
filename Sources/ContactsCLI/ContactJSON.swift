import ContactsCore

/// A contact's entries as `--json` writes them, each label as its key (`work`, `home-fax`) or
/// the custom text.
extension ContactOutput {
    struct JSONNameParts: Encodable {
        let prefix, given, middle, family, suffix: String

        init(_ parts: NameParts) {
            (prefix, given, middle, family, suffix) = (parts.prefix, parts.given, parts.middle, parts.family, parts.suffix)
        }
    }

    struct JSONPhoneticName: Encodable {
        let given, middle, family: String

        init(_ name: PhoneticName) { (given, middle, family) = (name.given, name.middle, name.family) }
    }

    struct JSONPhone: Encodable {
        let label, number: String

        init(_ phone: PhoneNumber) { (label, number) = (phone.label.rawValue, phone.number) }
    }

    struct JSONEmail: Encodable {
        let label, address: String

        init(_ email: EmailAddress) { (label, address) = (email.label.rawValue, email.address) }
    }

    struct JSONAddress: Encodable {
        let label, street, city, region, postcode, country, countryCode: String

        init(_ address: PostalAddress) {
            (label, street, city, region) = (address.label.rawValue, address.street, address.city, address.region)
            (postcode, country, countryCode) = (address.postcode, address.country, address.countryCode)
        }
    }

    struct JSONWebsite: Encodable {
        let label, url: String

        init(_ website: Website) { (label, url) = (website.label.rawValue, website.url) }
    }

    struct JSONHandle: Encodable {
        let label, service, handle: String

        init(_ handle: ServiceHandle) { (label, service, self.handle) = (handle.label.rawValue, handle.service, handle.handle) }
    }

    struct JSONDate: Encodable {
        /// `YYYY-MM-DD`, or `--MM-DD` without a year.
        let label, date: String

        init(_ date: LabelledDate) { (label, self.date) = (date.label.rawValue, date.date.description) }
    }

    struct JSONRelatedName: Encodable {
        let label, name: String

        init(_ related: RelatedName) { (label, name) = (related.label.rawValue, related.name) }
    }
}
