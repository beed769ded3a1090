"""The main override, exfiltration, system-prompt and deception phrases in other languages, added to the English
rules of the same id (an override in Spanish is still `prompt_injection`).

Written as people write them, accents and all; `fold` puts each pattern through the scanner's own normalisation
(accents dropped, Cyrillic and Greek look-alikes folded to Latin) so it matches the text as the matcher sees it. Scripts
without spaces (Chinese, Japanese) use short bounded gaps; Japanese, Korean, Hindi and Turkish put the verb last, so
those patterns start at the object.
"""

from __future__ import annotations

import re

from memrev.core.scan.folding import normalise

_W = r"(?:\S+\s+){0,4}?"
_W2 = r"(?:\S+\s+){0,2}?"
_CJK = r"[^\n。！？!?]{0,8}?"
_CJK_LONG = r"[^\n。！？!?]{0,40}?"
_TARGET = r"(?:https?://|\d{1,3}\.\d{1,3}\.)"
_PIECES = re.compile(r"\\.|[^\\]+")
_UNQUOTED = r"(?<!['\"`])"
"""Not right after an opening quote: an override quoted in another language is named (a test fixture), so it is held."""
_LINK = r"(?:https?://\S+|\d{1,3}(?:\.\d{1,3}){3}\S*)"

LANG_PATTERNS: dict[str, tuple[str, ...]] = {
    "prompt_injection": (
        # Spanish
        rf"\b(?:ignora|ignore|ignoren|ignorar|olvida|olvide|olviden|olvidar|descarta|descarte|omite|omita|desobedece"
        rf"|desatiende|no\s+sigas|no\s+obedezcas|haz\s+caso\s+omiso\s+(?:a|de))\s+{_W}(?:instrucciones|indicaciones"
        rf"|reglas|directrices|órdenes|normas|consignas)\s+{_W2}(?:anteriores|previas|originales|iniciales"
        rf"|del\s+sistema"
        r"|de\s+arriba|que\s+(?:te\s+)?(?:dieron|di|recibiste))|\b(?:ignora|olvida|descarta)\s+(?:todo\s+)?lo\s+"
        r"(?:anterior|de\s+arriba|que\s+te\s+(?:dije|dijeron))",
        # French
        rf"\b(?:ignore|ignorez|ignorer|oublie|oubliez|oublier|écarte|écartez|ne\s+tiens\s+pas\s+compte\s+des|ne\s+tenez"
        rf"\s+pas\s+compte\s+des|fais\s+abstraction\s+des|faites\s+abstraction\s+des|ne\s+suis\s+plus"
        rf"|ne\s+suivez\s+plus)"
        rf"\s+{_W}(?:instructions|consignes|règles|directives|ordres|indications)\s+{_W2}(?:précédentes|antérieures"
        r"|ci-dessus|initiales|originales|du\s+système|d'origine)|\b(?:ignore|ignorez|oublie|oubliez)\s+tout\s+ce\s+qui"
        r"\s+(?:précède|est\s+au-dessus|t'a\s+été\s+dit)",
        # German
        rf"\b(?:ignoriere|ignorier|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte|missachten\s+sie|verwirf|übergehe"
        rf"|befolge\s+nicht\s+mehr)\s+{_W}(?:vorherigen|vorigen|bisherigen|früheren|obigen|vorangegangenen"
        rf"|ursprünglichen|vorstehenden|system)\S*\s+{_W2}(?:anweisungen|instruktionen|regeln|befehle|vorgaben"
        r"|anordnungen|richtlinien)|\b(?:ignoriere|vergiss)\s+alles\s+(?:oben|davor|bisherige|zuvor|vorherige)"
        r"|\balle\s+(?:vorherigen|bisherigen|obigen|früheren)\s+(?:anweisungen|instruktionen|regeln)\s+(?:ignorieren"
        r"|vergessen|missachten)",
        # Portuguese
        rf"\b(?:ignore|ignora|ignorem|ignorar|esqueça|esqueçam|esquecer|desconsidere|desconsidera|descarte|descarta"
        rf"|desobedeça|não\s+siga)\s+{_W}(?:instruções|orientações|regras|diretrizes|ordens|comandos)\s+{_W2}"
        r"(?:anteriores|prévias|originais|do\s+sistema|acima|iniciais)|\b(?:ignore|esqueça)\s+tudo\s+(?:o\s+que\s+)?"
        r"(?:foi\s+dito\s+)?(?:acima|antes|anteriormente)",
        # Italian
        rf"\b(?:ignora|ignorate|ignori|dimentica|dimenticate|trascura|non\s+seguire)\s+{_W}(?:istruzioni|regole"
        rf"|direttive|indicazioni|ordini)\s+{_W2}(?:precedenti|originali|del\s+sistema|iniziali|sopra)",
        # Russian
        rf"\b(?:игнорируй|игнорируйте|проигнорируй|проигнорируйте|забудь|забудьте|отбрось|отбросьте|не\s+обращай\s+"
        rf"внимания\s+на|не\s+обращайте\s+внимания\s+на|не\s+следуй|не\s+выполняй)\s+{_W}(?:предыдущие|прежние"
        rf"|предшествующие|вышеуказанные|вышеприведенные|изначальные|исходные|системные|старые)\s+{_W2}(?:инструкции"
        r"|указания|правила|команды|директивы|установки)|\b(?:забудь|игнорируй|забудьте)\s+(?:всё|все)\s+(?:что\s+"
        r"(?:было\s+)?(?:выше|раньше|до\s+этого)|сказанное\s+(?:выше|ранее))",
        # Chinese (simplified and traditional)
        rf"(?:忽略|无视|無視|忽视|忽視|不要理会|不要理會|不要遵守|不再遵守|不用遵守|忘记|忘記|忘掉|丢弃|丟棄|抛弃|拋棄){_CJK}"
        rf"(?:之前|以前|先前|此前|上面|上述|前面|原来|原來|原有|所有|一切|全部|系统|系統){_CJK}(?:指令|指示|说明|說明|规则|規則"
        r"|命令|提示|设定|設定|要求|约束|約束)",
        # Japanese
        rf"(?:これまでの|以前の|前の|上記の|上の|先の|今までの|すべての|全ての|元の|システムの){_CJK}(?:指示|命令|指令|ルール"
        r"|プロンプト|設定|制約)(?:は|を)?(?:すべて|全て|全部)?(?:無視|忘れ|破棄)",
        # Korean
        r"(?:이전|앞의|위의|앞선|기존|모든|원래|시스템)\s*(?:의\s*)?(?:모든\s*)?(?:지시|지침|명령|규칙|프롬프트|설정)(?:사항)?"
        r"(?:들)?(?:을|를|은|는)?\s*(?:모두\s*|전부\s*)?(?:무시|잊어|잊으|따르지\s*마)",
        # Arabic
        rf"(?:تجاهل|تجاهلي|تجاهلوا|انس|انسى|إنس|أهمل|اهمل|لا\s+تتبع|لا\s+تلتزم\s+ب)\s*{_W}(?:جميع\s+|كل\s+)?"
        rf"(?:التعليمات|الأوامر|الاوامر|الإرشادات|الارشادات|القواعد|التوجيهات)\s+{_W2}(?:السابقة|السابقه|الأصلية"
        r"|الاصلية|الأولية|أعلاه|اعلاه|للنظام)",
        # Hindi
        r"(?:पिछले|पिछली|पहले\s+के|पहले\s+दिए\s+गए|ऊपर\s+के|ऊपर\s+दिए\s+गए|सभी|मूल|सिस्टम\s+के)\s+(?:\S+\s+){0,2}?"
        r"(?:निर्देशों|निर्देश|आदेशों|आदेश|नियमों|नियम|हिदायतों)\s+(?:\S+\s+){0,2}?(?:को\s+)?(?:अनदेखा"
        r"|न[जज़]\u093c?रअंदा"
        r"[जज़]\u093c?|भूल\s+जाओ|भूल\s+जाएं|भूल\s+जाइए|मत\s+मानो|न\s+मानें)",
        # Turkish, Indonesian, Vietnamese, Polish, Dutch, Persian
        r"\b(?:önceki|yukarıdaki|tüm|bütün|orijinal|sistem)\s+(?:\S+\s+){0,2}?(?:talimatları|talimatlar|kuralları"
        r"|komutları|yönergeleri)\s+(?:\S+\s+){0,1}?(?:yok\s+say|görmezden\s+gel|unut|dikkate\s+alma|umursama)",
        rf"\b(?:abaikan|lupakan|acuhkan)\s+{_W}(?:instruksi|perintah|aturan|petunjuk)\s+{_W2}(?:sebelumnya"
        r"|terdahulu|di\s+atas|awal|sistem|asli)",
        rf"\b(?:bỏ\s+qua|phớt\s+lờ|quên|bỏ\s+đi)\s+{_W}(?:hướng\s+dẫn|chỉ\s+dẫn|chỉ\s+thị|lệnh|quy\s+tắc)\s+{_W2}"
        r"(?:trước\s+đó|trước|ở\s+trên|ban\s+đầu|hệ\s+thống|gốc)",
        rf"\b(?:zignoruj|zignorujcie|ignoruj|zapomnij|pomiń|odrzuć)\s+{_W}(?:poprzednie|wcześniejsze|powyższe"
        rf"|pierwotne|systemowe)\s+{_W2}(?:instrukcje|polecenia|zasady|reguły|wytyczne)",
        rf"\b(?:negeer|vergeet|negeren)\s+{_W}(?:vorige|eerdere|voorgaande|bovenstaande|oorspronkelijke|systeem)\S*\s+"
        rf"{_W2}(?:instructies|regels|opdrachten|richtlijnen)",
        r"(?:دستورالعمل|دستورات|قوانین|دستورها)\S*\s+(?:\S+\s+){0,2}?(?:قبلی|پیشین|قبل|بالا|اصلی|سیستم)\s+(?:\S+\s+)"
        r"{0,2}?(?:را\s+)?(?:نادیده|فراموش\s+کن)",
    ),
    "send_to_url": (
        rf"\b(?:envía|envíe|manda|mande|sube|suba|reenvía|transmite|filtra|exfiltra|publica)\s+{_W}(?:las\s+|los\s+"
        rf"|tus\s+|todas?\s+|todos\s+)?(?:claves|contraseñas|credenciales|tokens?|secretos?|variables\s+de\s+entorno"
        rf"|datos|conversación|historial|archivos?|información|llaves?|api\s*keys?|\.env)\s+{_W}(?:a|hacia|al)\s+"
        rf"(?:\S+\s+)?{_TARGET}",
        rf"\b(?:envoie|envoyez|envoyer|transmets|transmettez|transfère|transférez|téléverse|téléversez|poste|postez"
        rf"|exfiltre)\s+{_W}(?:clés|mots\s+de\s+passe|identifiants|jetons?|tokens?|secrets?|variables\s+d'environnement"
        rf"|données|conversation|historique|fichiers?|informations|\.env)\s+{_W}(?:à|vers|sur)\s+(?:l'adresse\s+)?"
        rf"{_TARGET}",
        rf"\b(?:sende|schicke|schick|übermittle|übertrage|lade|poste|senden\s+sie|schicken\s+sie)\s+{_W}(?:schlüssel"
        rf"|passwörter|passwort|zugangsdaten|tokens?|geheimnisse|umgebungsvariablen|daten|unterhaltung|verlauf|dateien"
        rf"|\.env|api-keys?)\s+{_W}(?:an|nach|zu|auf)\s+(?:\S+\s+)?{_TARGET}",
        rf"\b(?:envie|envia|mande|manda|transmita|encaminhe|publique)\s+{_W}(?:chaves|senhas|credenciais|tokens?"
        rf"|segredos?|variáveis\s+de\s+ambiente|dados|conversa|histórico|arquivos?|\.env)\s+{_W}(?:para|pra)\s+"
        rf"(?:\S+\s+)?{_TARGET}",
        rf"\b(?:invia|inviate|manda|mandate|trasmetti|carica|caricate|inoltra)\s+{_W}(?:chiavi|password|credenziali"
        rf"|token|segreti|variabili\s+d'ambiente|dati|conversazione|cronologia|file|\.env)\s+{_W}(?:a|al|verso|su)\s+"
        rf"{_TARGET}",
        rf"\b(?:отправь|отправьте|отошли|перешли|перешлите|загрузи|загрузите|выгрузи|слей|передай|передайте)\s+{_W}"
        rf"(?:ключи|пароли|пароль|токены?|секреты|учетные\s+данные|учётные\s+данные|переменные\s+окружения|данные"
        rf"|переписку|историю|файлы?|\.env)\s+{_W}(?:на|по\s+адресу|в)\s+{_TARGET}",
        rf"(?:密钥|密鑰|密码|密碼|令牌|凭证|憑證|秘钥|环境变量|環境變數|api\s+key|apikey|api_key|对话|對話|聊天记录|聊天記錄|文件|数据|數據"
        rf"|\.env){_CJK_LONG}(?:发送|發送|发|發|上传|上傳|传|傳|转发|轉發|提交)(?:到|至|给|給)\s*{_TARGET}",
        rf"(?:发送|發送|上传|上傳|转发|轉發|提交|泄露|洩露)(?:你的|所有|全部)?{_CJK_LONG}(?:密钥|密鑰|密码|密碼|令牌|凭证|憑證"
        rf"|环境变量|環境變數|对话|對話|聊天记录|聊天記錄|\.env){_CJK_LONG}(?:到|至|给|給)\s*{_TARGET}",
        rf"(?:apiキー|キー|鍵|パスワード|秘密|シークレット|トークン|認証情報|環境変数|会話|履歴|ファイル|データ|\.env){_CJK_LONG}"
        rf"{_LINK}\s*(?:に|へ)\s*(?:送信|送って|送る|アップロード|転送|ポスト)",
        rf"(?:api\s+키|api키|키|비밀번호|암호|토큰|자격\s*증명|비밀|환경\s*변수|대화|기록|파일|데이터|\.env){_CJK_LONG}{_LINK}\s*"
        r"(?:로|으로|에|에게)\s*(?:보내|전송|업로드|전달)",
        rf"(?:أرسل|ارسل|أرسلي|ابعث|حمّل|حمل|ارفع|سرّب|سرب|انقل)\s+{_W}(?:المفاتيح|مفاتيح|كلمات\s+المرور|كلمة\s+المرور"
        rf"|الرموز|الأسرار|بيانات\s+الاعتماد|متغيرات\s+البيئة|البيانات|المحادثة|السجل|الملفات|\.env)\s+{_W}(?:إلى|الى)"
        rf"\s*{_TARGET}",
        r"(?:कुंजी|कुंजियां|कुंजियाँ|पासवर्ड|टोकन|क्रेडेंशियल|गुप्त|एपीआई\s+की|डेटा|बातचीत|फ़ाइल|फाइल"
        r"|\.env)[^\n।]{0,40}?"
        rf"{_LINK}\s*(?:पर|को|में)\s*(?:भेजें|भेजो|भेज\s+दो|भेज\s+दें|अपलोड)",
        rf"\b(?:kirim|kirimkan|unggah|teruskan)\s+{_W}(?:kunci|kata\s+sandi|password|token|rahasia|kredensial"
        rf"|variabel\s+lingkungan|data|percakapan|riwayat|file|\.env)\s+{_W}ke\s+{_TARGET}",
        rf"\b(?:anahtarları|şifreleri|parolaları|tokenları|kimlik\s+bilgilerini|verileri|konuşmayı|dosyaları|\.env)"
        rf"\s+{_W}{_LINK}\S*\s+(?:\S+\s+)?(?:gönder|yolla|yükle)",
    ),
    "leak_system_prompt": (
        rf"\b(?:muestra|muéstrame|revela|revélame|imprime|repite|dime|comparte)\s+{_W}(?:prompt|instrucciones)\s+"
        r"(?:del\s+sistema|de\s+sistema|iniciales|ocultas|originales)",
        rf"\b(?:affiche|affichez|révèle|révélez|montre|montrez|imprime|répète|répétez|donne-moi"
        rf"|dis-moi)\s+{_W}(?:prompt"
        r"|invite|instructions|consignes)\s+(?:système|du\s+système|initiales|cachées)",
        rf"\b(?:zeige|zeig|gib|verrate|wiederhole|drucke)\s+{_W}(?:system-?prompt|systemanweisungen"
        r"|ursprünglichen\s+anweisungen)",
        rf"\b(?:mostre|mostra|revele|revela|imprima|repita|diga|me\s+diga)\s+{_W}(?:prompt"
        rf"|instruções)\s+(?:do\s+sistema"
        r"|de\s+sistema|iniciais|ocultas|originais)",
        rf"\b(?:покажи|покажите|выведи|выведите|раскрой|повтори|напечатай|скажи)\s+{_W}(?:системный\s+промпт"
        r"|системные\s+инструкции|исходные\s+инструкции|системное\s+сообщение)",
        r"(?:输出|輸出|显示|顯示|透露|泄露|洩露|告诉我|告訴我|打印|重复|重複|展示)[^\n。]{0,8}?(?:你的)?(?:系统提示|系統提示|初始指令"
        r"|系统指令|系統指令|原始指令|隐藏指令|隱藏指令)",
        r"(?:システムプロンプト|システム指示|初期指示|隠された指示|元の指示)[^\n。]{0,6}?(?:を)?(?:表示|出力|教え|見せ|公開|繰り返)",
        r"(?:시스템\s*프롬프트|시스템\s*지시|초기\s*지시|숨겨진\s*지시)[^\n.]{0,6}?(?:을|를)?\s*(?:보여|출력|알려|공개|반복)",
        r"(?:اعرض|أظهر|اظهر|اكشف|اطبع|كرر)\s+(?:\S+\s+){0,2}?(?:موجه\s+النظام|تعليمات\s+النظام|التعليمات\s+الأولية"
        r"|رسالة\s+النظام)",
        r"(?:सिस्टम\s+प्रॉम्प्ट|सिस्टम\s+प्रोम्प्ट|सिस्टम\s+निर्देश|प्रारंभिक\s+निर्देश)\s*(?:को\s+)?(?:दिखाओ|दिखाएं"
        r"|बताओ"
        r"|बताएं|प्रकट\s+करें|दोहराओ)",
    ),
    "possible_deception_hide": (
        r"\bno\s+(?:le\s+)?(?:digas|cuentes|menciones|informes|avises)\s+(?:nada\s+)?(?:de\s+esto\s+)?(?:al|a\s+el)\s+"
        r"usuario",
        r"\bne\s+(?:le\s+|lui\s+)?(?:dis|dites|mentionne|mentionnez|révèle|révélez|signale|signalez)\s+(?:rien|pas"
        r"|jamais)\s+(?:\S+\s+){0,3}?(?:à\s+)?l'utilisateur",
        r"\b(?:sag|sage|erzähl|erzähle|erwähne|verrate)\s+(?:\S+\s+){0,2}?dem\s+(?:benutzer|nutzer|anwender)\s+"
        r"(?:\S+\s+){0,2}?nichts|\b(?:der\s+)?(?:benutzer|nutzer)\s+darf\s+(?:davon\s+)?nichts\s+(?:erfahren|wissen)",
        r"\bnão\s+(?:conte|diga|mencione|informe|fale)\s+(?:\S+\s+){0,2}?(?:ao|para\s+o|pro)\s+usuário",
        r"\bне\s+(?:говори|сообщай|рассказывай|упоминай)\s+(?:об\s+этом\s+|ничего\s+)?пользователю",
        r"(?:不要|别|別|切勿|绝不要|絕不要)(?:告诉|告訴|通知|提醒|让|讓)(?:用户|用戶|使用者)",
        r"(?:ユーザー|利用者)(?:に|には)[^\n。]{0,10}?(?:言わない|伝えない|知らせない|教えない|言うな|伝えるな|秘密に)",
        r"(?:사용자|유저)(?:에게|한테)\s*(?:\S+\s*){0,2}?(?:말하지\s*마|알리지\s*마|말하지\s*말|알리지\s*말)",
        r"(?:لا\s+تخبر|لا\s+تبلغ|لا\s+تذكر\s+ل)\s*(?:\S+\s+)?المستخدم",
        r"(?:उपयोगकर्ता|यूज़र|यूजर)\s+को\s+(?:\S+\s+){0,3}?(?:मत\s+बताओ|मत\s+बताएं|न\s+बताएं|नहीं\s+बताना)",
    ),
    "possible_role_hijack": (
        r"\b(?:a\s+partir\s+de\s+ahora|desde\s+ahora)\s*,?\s+(?:tú\s+)?eres\s+(?:un|una|el|la)\s|\bahora\s+eres\s+(?:un"
        r"|una)\s",
        r"\b(?:à\s+partir\s+de\s+maintenant|désormais|dorénavant)\s*,?\s+(?:tu\s+es|vous\s+êtes)\s+(?:un|une|le|la)\s"
        r"|\b(?:tu\s+es|vous\s+êtes)\s+maintenant\s+(?:un|une)\s",
        r"\b(?:ab\s+jetzt|von\s+nun\s+an)\s+bist\s+du\s+(?:ein|eine|der|die)\s|\bdu\s+bist\s+(?:jetzt|nun)\s+(?:ein"
        r"|eine)\s",
        r"\b(?:a\s+partir\s+de\s+agora|de\s+agora\s+em\s+diante)\s*,?\s+(?:você|tu)\s+(?:é|és)\s+(?:um|uma|o|a)\s"
        r"|\bagora\s+(?:você|tu)\s+(?:é|és)\s+(?:um|uma)\s",
        r"\b(?:теперь|с\s+этого\s+момента)\s+ты\s+(?:\S+\s+)?(?:—\s+)?(?:не\s+)?(?:ассистент|ии|бот|хакер|dan)",
        r"(?:从现在开始|從現在開始|从现在起|從現在起)[,，]?\s*你(?:是|将是|將是)|你现在是一个|你現在是一個",
        r"(?:今から|これから|今後)[、,]?\s*(?:あなたは|君は|お前は)",
        r"(?:지금부터|이제부터)\s*(?:너는|당신은|넌)",
    ),
}
"""Rule id: the patterns, in other languages, added to that rule."""


def fold(pattern: str) -> str:
    """A pattern as the normalised, lowercased text spells it (accents dropped, look-alike letters folded); escapes
    such as `\\S` are kept as they are."""
    return _PIECES.sub(lambda m: m.group() if m.group()[0] == "\\" else normalise(m.group()).lower, pattern)


SCRIPTS = re.compile("[\u0600-\u06ff\u0900-\u097f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]")
"""Letters of the scripts whose patterns are kept apart: Arabic and Persian, Devanagari, kana, Han, Hangul."""


def language_sources() -> tuple[dict[str, str], dict[str, str]]:
    """(rule id: the alternation of its other-language patterns in scripts written with spaces and word boundaries,
    rule id: the same for the scripts in `SCRIPTS`), folded. The second kind can start inside a run of letters (no
    spaces in Chinese or Japanese, prefixes in Arabic), so its rules are only tried on text that has those letters."""
    spaced: dict[str, list[str]] = {}
    scripts: dict[str, list[str]] = {}
    for rule, patterns in LANG_PATTERNS.items():
        for pattern in patterns:
            head = pattern.lstrip("\\b(?:")
            (scripts if SCRIPTS.match(head) else spaced).setdefault(rule, []).append(fold(pattern))
    spaced["possible_prompt_injection"] = spaced["prompt_injection"]  # a quoted override is held, not blocked
    spaced["prompt_injection"] = [f"{_UNQUOTED}(?:{pattern})" for pattern in spaced["prompt_injection"]]
    return ({rule: "|".join(found) for rule, found in spaced.items()},
            {rule: "|".join(found) for rule, found in scripts.items()})
