import Mustache

/// The server's HTML pages: each a swift-mustache template compiled into the binary.
///
/// `{{name}}` is HTML-escaped text; `{{{name}}}` is a value already made safe for where it
/// stands (``ScriptJSON`` inside a `<script>`). A page's values are a struct conforming to
/// ``PageContent``, whose property names are the template's tags.
enum PageTemplate: String, CaseIterable, Sendable {
    /// The gate for a child: `GET /gate/{profile}`.
    case gate
    /// A parent's approval page: `GET /approve/{token}`.
    case approve
    /// A page without script: a heading and one sentence.
    case notice

    /// The template's text, embedded at build time.
    var text: String {
        switch self {
        case .gate: String(decoding: PackageResources.gate_mustache, as: UTF8.self)
        case .approve: String(decoding: PackageResources.approve_mustache, as: UTF8.self)
        case .notice: String(decoding: PackageResources.notice_mustache, as: UTF8.self)
        }
    }

    /// Every page, parsed once. The templates are part of the build, so one that does not parse
    /// is a programmer's error (`PageTemplateTests` renders each).
    static let library: MustacheLibrary = {
        var library = MustacheLibrary()
        for page in allCases {
            do {
                try library.register(page.text, named: page.rawValue)
            } catch {
                preconditionFailure("the \(page.rawValue) page's template does not parse: \(error)")
            }
        }
        return library
    }()
}

/// The values of one page: their property names are its template's tags.
protocol PageContent: Sendable {
    /// The template these values fill.
    static var template: PageTemplate { get }
}

extension PageContent {
    /// The page, filled in one pass: a value is never read as a template, so a name holding
    /// `{{title}}` stays text.
    var html: String {
        PageTemplate.library.render(self, withTemplate: Self.template.rawValue) ?? ""
    }
}
