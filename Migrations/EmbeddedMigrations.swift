/// The SQL of every migration in this folder, embedded into the built code at build time.
///
/// Add a new `NNNN_name.sql` file here and list it below; a test checks that this list and
/// the folder agree. SwiftPM names each embedded file after it, with the leading digit
/// turned into `_`.
package enum EmbeddedMigrations {
    /// File name and contents of each migration, in order.
    package static let files: [(name: String, sql: [UInt8])] = [
        ("0001_initial.sql", PackageResources._001_initial_sql),
    ]
}
