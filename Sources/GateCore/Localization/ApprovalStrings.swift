/// The approval page's words in the parent's language: the best of English, Russian, German,
/// French and Spanish their browser asks for (`Accept-Language`, by its weights), else
/// English (``LocalizedTable``). `{name}` is the asking profile's display name. `from` labels the client's own words (the child's),
/// `account` the computer account the daemon saw ask (the kernel's).
package struct ApprovalStrings: Encodable, LocalizedTable {
    package var language: String
    package var title: String
    package var who: String
    package var from: String
    package var account: String
    package var asked: String
    package var openUntil: String
    package var notGiven: String
    package var approve: String
    package var deny: String
    /// Approve for a length of the parent's choosing (capped by `maxApproval`).
    package var approve15m: String
    package var approve1h: String
    package var approveEndOfDay: String
    package var approved: String
    package var denied: String
    package var expired: String
    package var unreachable: String
    package var refused: String
    package var invalidHeading: String
    package var invalidSentence: String

    /// `title` with the display name in it.
    package func title(for name: String) -> String {
        Self.fill(title, ["name": name])
    }

    package static let tables = ["en": english, "ru": russian, "de": german, "fr": french, "es": spanish]

    package static let english = ApprovalStrings(
        language: "en", title: "{name} asks for parent mode", who: "Who asks", from: "From (as the asking device says)", account: "Computer account", asked: "Asked",
        openUntil: "Open until", notGiven: "(not given)", approve: "Approve", deny: "Deny", approve15m: "15 minutes", approve1h: "1 hour", approveEndOfDay: "Until tonight",
        approved: "Approved: parent mode is open for {name}.", denied: "Denied. The gate stays closed for {name}.",
        expired: "This request has expired. Nothing was opened for {name}.",
        unreachable: "The gate could not be reached. Try again.", refused: "Refused.",
        invalidHeading: "This approval link is not valid", invalidSentence: "It may be mistyped, or from another gate.")

    static let russian = ApprovalStrings(
        language: "ru", title: "{name} просит родительский режим", who: "Кто просит", from: "Откуда (со слов устройства)", account: "Учётная запись", asked: "Когда",
        openUntil: "Действует до", notGiven: "(не указано)", approve: "Разрешить", deny: "Отказать", approve15m: "15 минут", approve1h: "1 час", approveEndOfDay: "До конца дня",
        approved: "Разрешено: родительский режим для {name} включён.", denied: "Отказано. Для {name} доступ закрыт.",
        expired: "Срок запроса истёк. Для {name} ничего не открыто.",
        unreachable: "Не удалось связаться с воротами. Попробуйте ещё раз.", refused: "Отклонено.",
        invalidHeading: "Эта ссылка недействительна", invalidSentence: "Возможно, в ней опечатка или она от других ворот.")

    static let german = ApprovalStrings(
        language: "de", title: "{name} bittet um den Elternmodus", who: "Wer fragt", from: "Von (laut dem Gerät)", account: "Benutzerkonto", asked: "Gefragt",
        openUntil: "Offen bis", notGiven: "(nicht angegeben)", approve: "Erlauben", deny: "Ablehnen", approve15m: "15 Minuten", approve1h: "1 Stunde", approveEndOfDay: "Bis heute Abend",
        approved: "Erlaubt: Der Elternmodus ist für {name} an.", denied: "Abgelehnt. Für {name} bleibt es geschlossen.",
        expired: "Diese Anfrage ist abgelaufen. Für {name} wurde nichts geöffnet.",
        unreachable: "Das Gate war nicht erreichbar. Bitte noch einmal versuchen.", refused: "Abgelehnt.",
        invalidHeading: "Dieser Link ist nicht gültig", invalidSentence: "Er ist vielleicht falsch kopiert oder von einem anderen Gate.")

    static let french = ApprovalStrings(
        language: "fr", title: "{name} demande le mode parent", who: "Qui demande", from: "Depuis (selon l’appareil)", account: "Compte de l’ordinateur", asked: "Demandé",
        openUntil: "Valable jusqu’à", notGiven: "(non indiqué)", approve: "Accepter", deny: "Refuser", approve15m: "15 minutes", approve1h: "1 heure", approveEndOfDay: "Jusqu’à ce soir",
        approved: "Accepté : le mode parent est activé pour {name}.", denied: "Refusé. L’accès reste fermé pour {name}.",
        expired: "Cette demande a expiré. Rien n’a été ouvert pour {name}.",
        unreachable: "Impossible de joindre le portail. Réessayez.", refused: "Refusé.",
        invalidHeading: "Ce lien n’est pas valide", invalidSentence: "Il est peut-être mal copié, ou d’un autre portail.")

    static let spanish = ApprovalStrings(
        language: "es", title: "{name} pide el modo para padres", who: "Quién pide", from: "Desde (según el dispositivo)", account: "Cuenta del equipo", asked: "Pedido",
        openUntil: "Abierto hasta", notGiven: "(sin indicar)", approve: "Aprobar", deny: "Rechazar", approve15m: "15 minutos", approve1h: "1 hora", approveEndOfDay: "Hasta esta noche",
        approved: "Aprobado: el modo para padres está activado para {name}.", denied: "Rechazado. El acceso sigue cerrado para {name}.",
        expired: "Esta solicitud ha caducado. No se abrió nada para {name}.",
        unreachable: "No se pudo contactar con la puerta. Inténtalo de nuevo.", refused: "Rechazado.",
        invalidHeading: "Este enlace no es válido", invalidSentence: "Puede estar mal copiado o ser de otra puerta.")
}
