extension GateStrings {
    /// The tables that come with the gate, by language.
    static let builtIn: [String: GateStrings] = [
        "en": .english, "ru": .russian, "de": .german, "fr": .french, "es": .spanish,
    ]

    public static let english = GateStrings(
        language: "en", question: "What is {expression}?",
        plus: "{a} plus {b}", minus: "{a} minus {b}", times: "{a} times {b}", dividedBy: "{a} divided by {b}",
        timesThenPlus: "{a} times {b}, plus {c}", timesThenMinus: "{a} times {b}, minus {c}",
        plusThenMinus: "{a} plus {b}, minus {c}",
        typeAnswer: "Type the answer in numbers.", pickAnswer: "Pick the right answer.",
        passed: "Correct. Parent mode is on.", wrongTriesLeft: "Wrong answer. Tries left: {n}.",
        tooFast: "Too fast. Read the question and try again.", tooFastFailed: "Too fast. The gate stays closed.", failed: "Wrong answer. The gate stays closed.",
        timedOut: "Time is up. The gate stays closed.", cancelled: "Cancelled.",
        lockedOut: "Too many attempts. Try again in {time}.",
        hardLocked: "Too many attempts. Ask a parent to unlock the gate.",
        disabled: "This gate is switched off.", timeLeft: "{time} left", start: "Show the question",
        askParent: "Ask a parent", askWaiting: "Waiting for a parent to answer…", askApproved: "A parent said yes. Parent mode is on.",
        askDenied: "A parent said no.", askExpired: "No parent answered in time.", askTooSoon: "You asked a moment ago. Ask again in {time}.",
        askOff: "Asking a parent is switched off here.",
        parentCode: "I’m a parent", parentCodePrompt: "Type the code from your authenticator app.", parentCodeOpened: "Code accepted. Parent mode is on.",
        parentCodeWrong: "That code does not open the gate.",
        quietHours: "Quiet hours. The gate opens again in {time}; a parent can still open it.")

    static let russian = GateStrings(
        language: "ru", question: "Сколько будет {expression}?",
        plus: "{a} плюс {b}", minus: "{a} минус {b}", times: "{a} умножить на {b}", dividedBy: "{a} разделить на {b}",
        timesThenPlus: "{a} умножить на {b}, плюс {c}", timesThenMinus: "{a} умножить на {b}, минус {c}",
        plusThenMinus: "{a} плюс {b}, минус {c}",
        typeAnswer: "Введите ответ цифрами.", pickAnswer: "Выберите правильный ответ.",
        passed: "Верно. Родительский режим включён.", wrongTriesLeft: "Неверно. Осталось попыток: {n}.",
        tooFast: "Слишком быстро. Прочитайте вопрос и попробуйте ещё раз.", tooFastFailed: "Слишком быстро. Доступ закрыт.", failed: "Неверно. Доступ закрыт.",
        timedOut: "Время вышло. Доступ закрыт.", cancelled: "Отменено.",
        lockedOut: "Слишком много попыток. Попробуйте снова через {time}.",
        hardLocked: "Слишком много попыток. Попросите родителя разблокировать доступ.",
        disabled: "Эта защита отключена.", timeLeft: "Осталось {time}", start: "Показать вопрос",
        askParent: "Спросить родителя", askWaiting: "Ждём ответа родителя…", askApproved: "Родитель разрешил. Родительский режим включён.",
        askDenied: "Родитель не разрешил.", askExpired: "Родитель не ответил вовремя.", askTooSoon: "Вы только что спрашивали. Спросите снова через {time}.",
        askOff: "Здесь нельзя спросить родителя.",
        parentCode: "Я родитель", parentCodePrompt: "Введите код из приложения-аутентификатора.", parentCodeOpened: "Код принят. Родительский режим включён.",
        parentCodeWrong: "Этот код не открывает доступ.",
        quietHours: "Тихие часы. Доступ откроется через {time}; родитель может открыть его и сейчас.")

    static let german = GateStrings(
        language: "de", question: "Wie viel ist {expression}?",
        plus: "{a} plus {b}", minus: "{a} minus {b}", times: "{a} mal {b}", dividedBy: "{a} geteilt durch {b}",
        timesThenPlus: "{a} mal {b}, plus {c}", timesThenMinus: "{a} mal {b}, minus {c}",
        plusThenMinus: "{a} plus {b}, minus {c}",
        typeAnswer: "Gib die Antwort in Ziffern ein.", pickAnswer: "Wähle die richtige Antwort.",
        passed: "Richtig. Der Elternmodus ist an.", wrongTriesLeft: "Falsch. Verbleibende Versuche: {n}.",
        tooFast: "Zu schnell. Lies die Frage und versuche es noch einmal.", tooFastFailed: "Zu schnell. Der Zugang bleibt gesperrt.", failed: "Falsch. Der Zugang bleibt gesperrt.",
        timedOut: "Die Zeit ist um. Der Zugang bleibt gesperrt.", cancelled: "Abgebrochen.",
        lockedOut: "Zu viele Versuche. Versuche es in {time} wieder.",
        hardLocked: "Zu viele Versuche. Bitte einen Elternteil, den Zugang freizugeben.",
        disabled: "Diese Sperre ist ausgeschaltet.", timeLeft: "noch {time}", start: "Frage anzeigen",
        askParent: "Einen Elternteil fragen", askWaiting: "Warte auf die Antwort eines Elternteils …", askApproved: "Ein Elternteil hat ja gesagt. Der Elternmodus ist an.",
        askDenied: "Ein Elternteil hat nein gesagt.", askExpired: "Kein Elternteil hat rechtzeitig geantwortet.", askTooSoon: "Du hast gerade erst gefragt. Frag in {time} wieder.",
        askOff: "Fragen ist hier ausgeschaltet.",
        parentCode: "Ich bin ein Elternteil", parentCodePrompt: "Gib den Code aus deiner Authenticator-App ein.", parentCodeOpened: "Code angenommen. Der Elternmodus ist an.",
        parentCodeWrong: "Dieser Code gibt den Zugang nicht frei.",
        quietHours: "Ruhezeit. Der Zugang öffnet sich wieder in {time}; ein Elternteil kann ihn auch jetzt freigeben.")

    static let french = GateStrings(
        language: "fr", question: "Combien font {expression}\u{202F}?",
        plus: "{a} plus {b}", minus: "{a} moins {b}", times: "{a} fois {b}", dividedBy: "{a} divisé par {b}",
        timesThenPlus: "{a} fois {b}, plus {c}", timesThenMinus: "{a} fois {b}, moins {c}",
        plusThenMinus: "{a} plus {b}, moins {c}",
        typeAnswer: "Tapez la réponse en chiffres.", pickAnswer: "Choisissez la bonne réponse.",
        passed: "Bonne réponse. Le mode parent est activé.", wrongTriesLeft: "Mauvaise réponse. Essais restants\u{202F}: {n}.",
        tooFast: "Trop rapide. Lisez la question et réessayez.", tooFastFailed: "Trop rapide. L’accès reste fermé.", failed: "Mauvaise réponse. L’accès reste fermé.",
        timedOut: "Le temps est écoulé. L’accès reste fermé.", cancelled: "Annulé.",
        lockedOut: "Trop de tentatives. Réessayez dans {time}.",
        hardLocked: "Trop de tentatives. Demandez à un parent de débloquer l’accès.",
        disabled: "Ce contrôle est désactivé.", timeLeft: "encore {time}", start: "Afficher la question",
        askParent: "Demander à un parent", askWaiting: "En attente de la réponse d’un parent…", askApproved: "Un parent a dit oui. Le mode parent est activé.",
        askDenied: "Un parent a dit non.", askExpired: "Aucun parent n’a répondu à temps.", askTooSoon: "Tu viens de demander. Redemande dans {time}.",
        askOff: "Demander à un parent est désactivé ici.",
        parentCode: "Je suis un parent", parentCodePrompt: "Tapez le code de votre application d’authentification.", parentCodeOpened: "Code accepté. Le mode parent est activé.",
        parentCodeWrong: "Ce code n’ouvre pas l’accès.",
        quietHours: "Heures calmes. L’accès rouvre dans {time} ; un parent peut l’ouvrir dès maintenant.")

    static let spanish = GateStrings(
        language: "es", question: "¿Cuánto es {expression}?",
        plus: "{a} más {b}", minus: "{a} menos {b}", times: "{a} por {b}", dividedBy: "{a} dividido entre {b}",
        timesThenPlus: "{a} por {b}, más {c}", timesThenMinus: "{a} por {b}, menos {c}",
        plusThenMinus: "{a} más {b}, menos {c}",
        typeAnswer: "Escribe la respuesta en cifras.", pickAnswer: "Elige la respuesta correcta.",
        passed: "Correcto. El modo para padres está activado.", wrongTriesLeft: "Respuesta incorrecta. Intentos restantes: {n}.",
        tooFast: "Demasiado rápido. Lee la pregunta y vuelve a intentarlo.", tooFastFailed: "Demasiado rápido. El acceso sigue cerrado.", failed: "Respuesta incorrecta. El acceso sigue cerrado.",
        timedOut: "Se acabó el tiempo. El acceso sigue cerrado.", cancelled: "Cancelado.",
        lockedOut: "Demasiados intentos. Vuelve a intentarlo en {time}.",
        hardLocked: "Demasiados intentos. Pide a un adulto que desbloquee el acceso.",
        disabled: "Este control está desactivado.", timeLeft: "quedan {time}", start: "Mostrar la pregunta",
        askParent: "Preguntar a un adulto", askWaiting: "Esperando la respuesta de un adulto…", askApproved: "Un adulto dijo que sí. El modo para padres está activado.",
        askDenied: "Un adulto dijo que no.", askExpired: "Ningún adulto respondió a tiempo.", askTooSoon: "Acabas de preguntar. Vuelve a preguntar en {time}.",
        askOff: "Preguntar a un adulto está desactivado aquí.",
        parentCode: "Soy un adulto", parentCodePrompt: "Escribe el código de tu aplicación de autenticación.", parentCodeOpened: "Código aceptado. El modo para padres está activado.",
        parentCodeWrong: "Ese código no abre el acceso.",
        quietHours: "Horas de descanso. El acceso se abre de nuevo en {time}; un adulto puede abrirlo ahora.")
}
