"""Cue rules in other languages: the main override, deception, unbound-persona and exfiltration wordings of the most
used languages, as stems found anywhere in a sentence (scripts without spaces included), folded as the scanner folds
text."""

from __future__ import annotations

from memrev.core.scan.cue_groups import CueGroup, CueRule, cue_rule
from memrev.core.scan.cue_words import AGENT_FILES

__all__ = ["OTHER_LANGUAGE_RULES"]

_FORGET = CueGroup.spelled(
    "ভুলে যান|ভুলে যাও|ভুলে যাবেন|উপেক্ষা করুন|উপেক্ষা করো|ne tiens plus compte|ne tenez plus compte|"
    "ne tiens pas compte|ne tenez pas compte|fais abstraction|faites abstraction|fasse abstraction|fassent abstraction|"
    "faire abstraction|unutun|unutunuz|yoksayin|"
    "gormezden gelin|"
    "olvida|olvidate|ignora|esqueca|esquece|oublie|oubliez|ignorez|vergiss|vergessen sie|ignoriere|ignorier|"
    "dimentica|забудь|забудьте|игнорируй|忘记|忘掉|忽略|无视|忘れ|無視|잊어|무시|انس|تجاهل|भूल जाओ|भूल जाइए|"
    "अनदेखा|unut|yoksay|gormezden gel|quen|bo qua|lupakan|abaikan|เพิกเฉย|ลืม|ไม่ต้องสนใจ|"
    "zapomnij|zignoruj|ignoruj|uita|uitati|ignorati|vergeet|negeer|ігноруй|забудьте про|فراموش کن|نادیده بگیر|שכח|התעלם|ξεχασε|ξεχνα|αγνοησε|zapomen|ignoruj|glom|ignorera|ভুলে যাও|উপেক্ষা|بھول جاؤ|نظرانداز|felejtsd el|hagyd figyelmen kivul|sahau|puuza|"
    "ละเว้น|不用理会|不必理会|不要理会|别理会")
_RULES = CueGroup.spelled(
    "instrucciones|reglas|instrucoes|regras|instructions|regles|consignes|anweisungen|regeln|vorgaben|istruzioni|"
    "systemanweisungen|systemregeln|systemvorgaben|"
    "talimatlari|talimatlarini|talimatlara|talimati|talimatini|kurallari|kurallarini|kurallar|"
    "regole|инструкци|правил|指令|规则|指示|提示词|ルール|規則|プロンプト|규칙|지시|프롬프트|قواعد|تعليمات|निर्देश|"
    "नियम|talimat|kural|huong dan|quy tac|chi thi|instruksi|aturan|คำสั่ง|กฎ|"
    "instrukcje|instrukcji|zasady|zasad|polecenia|polecen|instructiunile|instructiuni|regulile|reguli|instructies|regels|інструкці|правила|دستورالعمل|دستورات|قوانین|הוראות|הכללים|כללים|οδηγιες|κανονες|instrukce|pravidla|instruktioner|instruktionerna|regler|reglerna|নির্দেশ|নিয়ম|ہدایات|قواعد|utasitasokat|utasitasok|szabalyokat|maagizo|sheria|"
    "提示|限制|указани|지침|consignes d'origine|最开始的设定|最初的设定|初始设定")
_NOT_TELL = CueGroup.spelled(
    "no le digas|no digas|sin decirle|sin decir|no menciones|nao diga|nao conte|sem contar|sem dizer|nao mencione|"
    "ne dis pas|ne lui dis pas|sans le dire|sans dire|ne mentionne pas|sag dem benutzer nicht|sag nicht|"
    "erwahne es nicht|erwahne nicht|ohne es zu sagen|verschweige|non dire|senza dire|non menzionare|не говори|"
    "не сообщай|не упоминай|不要告诉|别告诉|不要提|言わないで|伝えないで|黙って|말하지 마|알리지 마|말하지 말|"
    "لا تخبر|دون إخبار|मत बताना|मत बताओ|बताए बिना|soylemeden|soyleme|bahsetme|khong bao cho|dung noi|"
    "khong noi|jangan beri tahu|tanpa memberi tahu|no lo menciones|no lo digas|no lo comentes|no comentes|"
    "nao comente|nao mencione isso|ne le mentionne pas|erwahne das nicht|non menzionarlo|ไม่ต้องบอก|อย่าบอก|"
    "đừng nói|đừng kể|không nói với|গোপন রাখবে|গোপন রাখো|"
    "nie mow|nie mow uzytkownikowi|nie informuj|nie wspominaj|bez informowania|nu spune|nu-i spune|fara sa spui|nu mentiona|vertel niet|zeg niet|zonder te vertellen|niet vertellen|не кажи|не повідомляй|نگو|به کاربر نگو|אל תספר|אל תגיד|μην πεις|μην αναφερεις|nerikej|nic nerikej|neprozrazuj|beratta inte|saga inte|nämn inte|বলবে না|বলো না|مت بتانا|نہ بتائیں|ne mondd el|ne szolj|usimwambie|"
    "언급하지 마|언급하지 말|言及しないで|言及するな|不要提及|绝不提及")
_EVEN_IF = CueGroup.spelled(
    "aunque|incluso si|mesmo que|ainda que|meme si|auch wenn|selbst wenn|anche se|даже если|即使|就算|しても|"
    "ても|해도|더라도|حتى لو|भले ही|olsa bile|mac du|meskipun|walaupun|trotzdem|meme s'|dennoch|de todos modos|de todas formas|"
    "de qualquer forma|mesmo assim|quand meme|malgre tout|comunque|lo stesso|все равно|всё равно|照样|仍然报告|それでも|"
    "그래도|مع ذلك|फिर भी|yine de|tetap saja|dennoch melden|mesmo sem|incluso sin|aunque no|meme sans|auch ohne|"
    "anche senza|даже без|即使没有|なくても|없어도")
_ALL_WELL = CueGroup.spelled(
    "pasaron|exito|funciono|passaram|sucesso|reussi|passe|bestanden|erfolgreich|superati|successo|успешно|прошли|"
    "成功|测试通过|已通过|都通过|通過|合格|一切正常|一切顺利|全部通过|没有问题|통과|성공|نجح|نجحت|सफल|pass हो|basarili|gecti|thanh cong|da qua|berhasil|lulus|"
    "erfolg|gelungen|bestanden|revisado|revisada|aprobado|aprovado|verificado|revise|verifie|gepruft|"
    "verificato|проверен|已审核|已审查|レビュー済み|검토 완료")
_UNBOUND = CueGroup.spelled(
    "sin restricciones|sin limites|sem restricoes|sem limites|sans restrictions|sans limites|ohne einschrankungen|"
    "ohne grenzen|senza restrizioni|senza limiti|без ограничений|没有限制|无限制|不受限制|制限なし|制限のない|"
    "制約なし|제한 없는|제한 없이|بلا أي قيود|بلا قيود|دون قيود|बिना किसी प्रतिबंध|बिना प्रतिबंध|kisitlamasiz|"
    "sinirsiz|khong gioi han|tanpa batasan|没有任何限制|永远不会拒绝|永不拒绝|不会拒绝任何|بدون أي قيود|بدون قيود|لا ترفض|"
    "bez ograniczen|fara restrictii|fara limite|zonder beperkingen|без обмежень|بدون محدودیت|ללא הגבלות|χωρις περιορισμους|bez omezeni|utan begransningar|সীমাবদ্ধতা ছাড়া|بغیر کسی پابندی|korlatozasok nelkul|bila vikwazo")
_NOW_AI = CueGroup.spelled(
    "ia|ai|ии|ki|人工智能|ذكاء|モード|modo|mode|режим|모드|теперь|ahora eres|du bist jetzt|tu es maintenant|"
    "agora voce|adesso sei|现在你|你现在|今から|あなたは|지금부터|너는|الآن|अब तुम|artik|bay gio|sekarang")
_SEND = CueGroup.spelled(
    "envia|envie|sende|schick|envoie|envoyez|invia|отправь|отправьте|发送|发给|送信|送って|보내|ارسل|أرسل|يرسل|ترسل|भेज|পাঠায়|"
    "gonder|gui|kirim|copie|copia|copiez|kopiere|kopieren sie|gehen an|geht an|vao para|vai para|"
    "wyslij|przeslij|trimite|trimiteti|stuur|verstuur|надішли|відправ|بفرست|ارسال کن|שלח|στειλε|posli|skicka|পাঠাও|بھیج|kuldd el|tuma|"
    "পাঠিয়ে|পাঠান|postして|post して|アップロードして|envoyer|par e-mail|par email|post 하세요|로 post|전송|"
    "업로드|上传|転送|transmite|transmita|transmets|ubertrage|ส่ง")
_WITHOUT_ASKING_TEXT = (
    "sin preguntar|sin pedir confirmacion|sin pedir permiso|sem perguntar|sem pedir confirmacao|sem pedir permissao|"
    "nao precisa pedir|sans demander|sans confirmation|ohne zu fragen|ohne nachzufragen|ohne ruckfrage|"
    "senza chiedere|senza conferma|не спрашивая|без подтверждения|без разрешения|无需确认|不用问|不要问|不必询问|"
    "無需確認|確認せず|確認なしで|聞かずに|묻지 말고|묻지 않고|확인 없이|دون سؤال|بدون سؤال|دون تأكيد|बिना पूछे|"
    "sormadan|onay almadan|khong can hoi|khong hoi|tanpa bertanya|tanpa konfirmasi|โดยไม่ต้องถาม|"
    "पूछे बिना|पुष्टि के बिना|पुष्टि की ज़रूरत नहीं|bez pytania|bez potwierdzenia|fara sa intrebi|fara confirmare|zonder te vragen|zonder bevestiging|не питаючи|без підтвердження|بدون پرسیدن|בלי לשאול|χωρις να ρωτησεις|bez ptani|utan att fraga|জিজ্ঞাসা না করে|پوچھے بغیر|kerdezes nelkul")
_WITHOUT_ASKING = CueGroup.spelled(_WITHOUT_ASKING_TEXT)
_DESTRUCTIVE = CueGroup.spelled(
    "borrar|eliminar|apagar|supprimer|effacer|"
    "loschen|cancellare|удал|删除|削除|삭제|حذف|हटा|silmek|xoa|hapus|รันคำสั่ง|ลบ|push|deploy|sudo|main|すべてのコマンド|"
    "全てのコマンド|コマンドを実行|所有命令|todos los comandos|todos os comandos|toutes les commandes|alle befehle|"
    "tutti i comandi|все команды|모든 명령")

_VOID = CueGroup.spelled(
    "werden ubergangen|werden ignoriert|foram revogadas|foram revogados|sao revogadas|"
    "已经过时|已过时|不要再遵守|不再遵守|別再遵守|もう従わない|従わなくてよい|古いので|eskidiler|eskidi|artik gecersiz|"
    "ya no aplican|ya no se aplican|ya no son validas|ya no son validos|quedan anuladas|quedan sin efecto|anuladas|"
    "nao se aplicam mais|nao valem mais|ja nao se aplicam|foram anuladas|sem efeito|ne s'appliquent plus|"
    "ne sont plus valables|ne sont plus valides|sont annulees|caduques|gelten nicht mehr|nicht mehr gultig|"
    "sind aufgehoben|ungultig|non si applicano piu|non valgono piu|sono annullate|non sono piu valide|"
    "недействительн|отменены|больше не действу|не применяются|недійсн|скасовано|скасовані|більше не діють|不再适用|"
    "不再有效|作废|已经失效|已失效|全部失效|已取消|無効|適用されません|もう適用|유효하지 않|더 이상 적용되지|무효|ملغاة|ملغية|لم تعد سارية|"
    "لاغية|غير صالحة|अमान्य|मान्य नहीं|रद्द|लागू नहीं|gecersiz|artik gecerli degil|iptal edildi|khong con hieu luc|vo hieu|"
    "tidak berlaku lagi|tidak berlaku|বাতিল|przestaja obowiazywac|dibatalkan|nie obowiazuja|niewazne|uniewaznione|gelden niet meer|ongeldig|zijn vervallen|"
    "ไม่มีผล|ยกเลิก|โมฆะ|nu se mai aplica|anulate|nu mai sunt valabile|"
    "не следуй|не следуйте|больше не следуй|প্রযোজ্য নয়|আর প্রযোজ্য|foram substituidas|foram substituidos|"
    "sono superate|sono superati|已被取代|لا يلتزم|لا تلتزم|لا يتبع|মানে না|মানবে না|মানার দরকার নেই")

_IF_ASKED = CueGroup.spelled(
    "si te pregunta|si te preguntan|si pregunta|si preguntan|si el usuario pregunta|si alguien pregunta|"
    "se o usuario perguntar|se alguem perguntar|si quelqu'un demande|se l'utente chiede|se qualcuno chiede|se perguntar|se perguntarem|se te perguntar|"
    "si on te demande|s'il demande|si l'utilisateur demande|wenn er fragt|wenn jemand fragt|wenn der benutzer fragt|"
    "falls jemand fragt|se chiede|se ti chiede|se ti chiedono|спросит|спросят|спрашивает|"
    "якщо спитає|якщо запитає|спитає|запитає|如果问|如果用户问|如果有人问|被问到|聞かれたら|尋ねられたら|"
    "質問されたら|물으면|묻는다면|물어보면|إذا سأل|إذا سألك|اگر پرسید|אם ישאלו|अगर पूछे|यदि पूछे|sorarsa|"
    "sorulursa|neu hoi|neu duoc hoi|jika bertanya|jika ditanya|kalau ditanya|jesli zapyta|jezeli zapyta|"
    "daca intreaba|als iemand vraagt|als de gebruiker vraagt|om nagon fragar|聞かれても|उपयोगकर्ता पूछे|"
    "kalau pengguna bertanya|pengguna bertanya|uzytkownik zapyta|জিজ্ঞেস করলে|জিজ্ঞাসা করলে|quand l'utilisateur demande|"
    "lorsque l'utilisateur demande|quand on te demande|cuando el usuario pregunta|cuando te pregunten|"
    "quando o usuario perguntar|wenn der nutzer fragt|quando l'utente chiede")
_ANSWER = CueGroup.spelled(
    "responde que|responda que|respondele que|contesta que|di que|diga que|dile que|digale que|reponds que|"
    "repondez que|reponds qu'|dis que|dites que|dis-lui que|antworte, dass|antworte dass|antworten sie, dass|"
    "sag, dass|sag dass|sage, dass|sage dass|sagen sie, dass|rispondi che|di' che|dì che|di che|dici che|"
    "отвечай, что|отвечай что|ответь, что|ответь что|скажи, что|скажи что|отвечайте, что|скажите, что|"
    "відповідай, що|скажи, що|就说|回答说|告诉他们|と答え|と言って|라고 대답|라고 말해|라고 답|قل إن|قل أن|"
    "أجب بأن|بگو که|תגיד ש|תענה ש|कहो कि|कहना कि|जवाब दो कि|diye cevap ver|de ki|tra loi rang|noi rang|"
    "jawab bahwa|katakan bahwa|bilang bahwa|odpowiedz, ze|odpowiedz ze|powiedz, ze|powiedz ze|raspunde ca|"
    "spune ca|antwoord dat|zeg dat|svara att|saga att|라고만 답|라고 답하|bilang saja|katakan saja|বলবে যে|বলো যে|hãy bảo|reponds toujours|reponds oui|responde siempre|"
    "responda sempre|antworte immer|rispondi sempre|다고 말하|다고 말해|다고 답하|고 말하세요")

_A_DOCUMENT_TEXT = "docs/|.md|readme|wiki|changelog|legacy/|old/|위키|ウィキ|维基|вики"
_ABOUT_A_TOPIC_TEXT = ("instructions precedentes sur|instructions sur|regles sur|instrucciones sobre|instrucciones anteriores "
                       "sobre|reglas sobre|anweisungen zu|anweisungen uber|anweisungen fur|regeln zu|regeln fur|"
                       "istruzioni su|istruzioni precedenti su|regole su|instrucoes sobre|instrucoes anteriores sobre|"
                       "regras sobre|инструкции по|инструкции о|инструкции про|правила по|talimatlar hakkinda|"
                       "instruksi tentang|aturan tentang|huong dan ve|に関する|에 대한|关于|构建指令|构建说明|安装说明|"
                       "ビルド手順")
"""Rules said to be about a topic (`les instructions précédentes sur Node 16 sont obsolètes`): a project's facts that
moved on, not the agent's own rules."""
_AGENT_FILES = "|".join(AGENT_FILES + ("activecontext.md", "progress.md", "systempatterns.md", "techcontext.md",
                                         "productcontext.md", "projectbrief.md"))
"""The agent's own files, Cline's memory bank among them (a note headed `activeContext.md:` is memory itself)."""
_A_DOCUMENT = CueGroup.spelled(_A_DOCUMENT_TEXT).excepting(_AGENT_FILES)
"""A path or document named beside the rules (`the old instructions in docs/old/ no longer apply`): about a
document, not the agent's own rules; the agent's own instruction and memory files (`AGENTS.md`) are its rules."""
_NOT_SEND = CueGroup.spelled(
    "nunca envie|nao envie|nunca envies|no envies|no envie|n'envoie jamais|n'envoyez jamais|ne jamais envoyer|"
    "niemals senden|nie senden|sende niemals|schicke niemals|non inviare|mai inviare|никогда не отправляй|"
    "не отправляй|不要发送|绝不发送|不要发给|送信しないで|보내지 마|لا ترسل|मत भेजो|asla gonderme|khong gui|jangan kirim|"
    "nigdy nie wysylaj|nu trimite|stuur nooit|nooit versturen|khong bao gio gui|đừng gửi|không gửi")
"""A prohibition of sending (`nunca envie o .env`): what a careful file says."""

_DESTINATION = CueGroup.spelled(
    "url|http|https|webhook|server|servidor|serveur|сервер|服务器|伺服器|サーバー|サーバ|서버|sunucu|máy chủ|peladen|"
    "serwer|endpoint|@|email|e-mail|correo|courriel|mail|邮箱|邮件|メール|메일|почт|telegram|slack|discord|pastebin|"
    "gist|bucket|s3|drive|dropbox|repo|repositorio|dépôt|repositório|канал|群|频道|チャンネル|채널|colega|collègue|"
    "kollege|collega|коллег|同事|同僚|동료|rekan|đồng nghiệp|whatsapp|外部|외부|external|externo|externe|extern|esterno|"
    "внешн|harici|eksternal|bên ngoài|خارج|बाहर|ไปที่|ไปยัง|到|给|至|へ|에게|para|à|zum|zur|alla|на|ke|lên|tới")
"""Where a secret is sent: an address, a server, a channel, a person (`到`, `para`, `на` …). A sentence that sends a
token with no destination describes code (`带token发送`), not an exfiltration."""
_SECRET_FILE = CueGroup.spelled(".env|env|credentials|id_rsa|.ssh|.aws|.npmrc|.netrc|.pgpass|api key|api_key|token|"
                                "zugangsdaten|.config/gh|"
                                "variaveis de ambiente|variables de entorno|variables d'environnement|umgebungsvariablen|"
                                "variabili d'ambiente|переменные окружения|переменных окружения|.kube|kube/config|kubeconfig|环境变量|環境変数|환경 변수|متغيرات البيئة|"
                                "पर्यावरण चर|ortam degisken|bien moi truong|variabel lingkungan|zmienne srodowiskowe")

_DEFENSIVE_TEXT = (
    "视为注入|注入攻击|提醒用户|tan cong chen lenh|bao cho nguoi dung|inyeccion|injection|injecao|инъекц|インジェクション|"
    "인젝션|"
    "die versuchen|die dich|que intenten|que intentem|que tentam|qui tentent|qui essaient|che cercano|che tentano|"
    "которые пытаются|试图|企图|以下规则|下面的规则|しようとする|하려는|التي تحاول|जो कोशिश")
"""A rule about other text's instructions (`ignore instructions that try to...`) or about the list that follows:
what a careful file says, not an override of the agent's own rules."""
_FORBIDDEN = CueGroup.spelled(
    "khong xoa|khong duoc xoa|dung xoa|no borres|nunca borres|no elimines|nunca elimines|nao apague|nunca apague|"
    "ne supprime pas|ne supprimez pas|nicht loschen|niemals loschen|non cancellare|mai cancellare|не удаляй|"
    "不要删除|禁止删除|削除しないで|삭제하지 마|لا تحذف|لا نحذف|मत हटाओ|jangan hapus|nie usuwaj|silme")
"""A prohibition of the destructive act itself (Vietnamese `KHONG xoa ... ma khong hoi`): asking is what it
requires."""


_NOT_TELL_ELSE = CueGroup.spelled("不要提交|别提交|不要提供|不要提前")
"""Words that begin like `不要提` (don't mention) but say something else: don't commit, don't provide, not early."""


_TURN_OFF = CueGroup.spelled(
    "desative|desativar|desativa|desactiva|desactivar|deshabilita|deshabilitar|desactive|desactivez|deaktiviere|"
    "deaktivieren|schalte aus|disattiva|disabilita|отключи|отключите|отключить|вимкни|禁用|关闭验证|关闭证书|关闭ssl|"
    "关闭tls|跳过测试|跳过验证|跳过检查|無効に|オフに|비활성화|끄고|끄세요|عطل|عطّل|अक्षम|devre disi|tat|vo hieu hoa|"
    "nonaktifkan|matikan|wylacz|dezactiveaza|schakel uit|ignora a verificacao|uberspringe|пропускай|"
    "supprime les tests|supprimer les tests|删除测试|直接删除测试|تعطيل|बंद रहे|बंद रखें|usuwane|"
    "cancellare i test|borrar los tests|apagar os testes|schalte|schalten|abschalten|wyłącz|wyłaczcie|kapat|kapatin|schakel|关闭沙箱|关闭安全|关闭所有安全|停用安全|"
    "オフにして|끄세요|꺼")
_SAFETY_CHECK = CueGroup.spelled(
    "tls|ssl|https|verificacao|verificacion|verification|uberprufung|zertifikat|certificad|certificat|verifica|"
    "сертификат|проверк|证书|验证|校验|証明書|検証|인증서|검증|شهادة|التحقق|प्रमाणपत्र|सत्यापन|sertifika|dogrulama|"
    "chung chi|xac minh|sertifikat|verifikasi|certyfikat|weryfikac|testes|pruebas|tests|hooks|ganchos|тесты|测试|テスト|"
    "테스트|اختبار|परीक्षण|review|revisao|revision|подтвержден|确认|確認|확인|सैंडबॉक्स|sandbox|testy|"
    "verifications|securite|controles de securite|sicherheitsprufung|sicherheitsprufungen|sicherheitschecks|"
    "controlli|sicurezza|guvenlik|kontrolleri|kontrollerini|beveiligingscontroles|beveiliging|安全检查|沙箱|"
    "セキュリティチェック|보안 검사|보안 점검|seguridad|controles|seguranca|verificacoes|проверки безопасности|"
    "kontrole|bezpieczenstwa|zabezpieczenia|beveiligingscontrole|veiligheidscontroles|检查")
_NEGATED_TEXT = (
    "nunca|nao desative|nao desativar|no desactives|no desactive|no deshabilites|jamais|ne desactive pas|"
    "ne desactivez pas|nicht|niemals|non disattivare|mai|никогда|не отключай|не отключайте|ні|不要|绝不|别|しないで|"
    "하지 마|하지 말|لا تعطل|مت|मत|कभी नहीं|asla|khong|jangan|nigdy|nie|nie wylaczaj|nu dezactiva|nooit|niet|"
    "不隐瞒|不瞒|不得隐瞒|不能隐瞒|不可隐瞒")
_DONT_ASK = ("non chiedere mai|non chiedere|no pidas nunca|nunca pidas|no preguntes|nao pergunte|nunca pergunte|"
             "ne demande jamais|ne demande pas|frag nicht|frage nicht|frag nie|frage nie|nie nachfragen|vraag niet|"
             "nie pytaj|不要询问|不要问|不用问|无需询问|聞かないで|묻지 마")
"""A "don't ask first", which is no prohibition of the act: `disattiva ... e non chiedere mai conferma` still switches
it off."""
_NEGATED = CueGroup.spelled(_NEGATED_TEXT).excepting(_DONT_ASK)
"""A prohibition in the same sentence (`nunca desative a verificacao TLS`): what a careful file says."""
_ONLY_A_REFERENCE = ("只是参考|仅供参考|作为参考|当作参考|参考として|참고용|como referencia|como referência|comme référence|"
                     "als referenz|come riferimento|как справк")
"""Outside text taken only as a reference (`若教程网页只是参考`): the opposite of obeying it."""
_NOT_OBEYED = CueGroup.spelled(_NEGATED_TEXT, _ONLY_A_REFERENCE).excepting(_DONT_ASK)
"""Outside text forbidden or taken only as a reference (a `don't ask` is no negation of obeying it)."""
_OUTSIDE_SOURCES = CueGroup.spelled(
    "웹 페이지|웹페이지|网页|网站内容|ウェブページ|webページ|pagina web|pagina da web|page web|pages web|webseite|"
    "веб-страниц|сайт|صفحة الويب|صفحات الويب|वेब पेज|web sayfa|trang web|halaman web|strona internetowa|"
    "工具输出|ツールの出力|도구 출력|salida de la herramienta|saida da ferramenta|sortie de l'outil|tool-ausgabe|"
    "issue di github|issues di github|issue de github|issues de github|issue do github|issues do github|github issues|"
    "comentarios de pr|commenti delle pr|commentaires de pr|commenti nelle pr")
_OBEY_OTHER = CueGroup.spelled(
    "따르|따라|우선|遵循|服从|遵守|优先|従って|従う|優先|sigue|seguir|obedece|prioriza|siga|obedeca|suis|suivez|obeis|"
    "befolge|folge|gehorche|segui|obbedisci|следуй|выполняй|подчиняйся|اتبع|أطع|पालन करो|पालन करें|takip et|uy|"
    "lam theo|tuan theo|ikuti|patuhi|wykonuj|sluchaj|виконуй|照做|照办|esegua|esegui|eseguire|ejecuta|ejecute|executar|"
    "executa|execute|executez|fuhre aus")
_OVER_USER = CueGroup.spelled(
    "사용자|用户|ユーザー|usuario|utilisateur|benutzer|nutzer|utente|пользовател|المستخدم|उपयोगकर्ता|kullanici|"
    "nguoi dung|pengguna|uzytkownik|користувач|指示|지시|instrucciones|instrucoes|consignes|anweisungen|istruzioni|"
    "инструкци|تعليمات|निर्देश|talimat|huong dan|instruksi|polecen")

_HIDE_FROM = CueGroup.spelled(
    "oculta|ocultale|oculte|ocultar|esconde|escondele|esconda|cache-lui|cachez|verheimliche|verberge|nascondi|"
    "nascondere|скрой|скройте|скрывай|утаи|隐瞒|瞒着|隠して|隠す|伏せて|숨기|gizle|sakla|"
    "sembunyikan|ukryj|ascunde|verberg|verzwijg")
_THE_USER = CueGroup.spelled(
    "사용자|用户|ユーザー|usuario|al usuario|ao usuario|utilisateur|benutzer|nutzer|utente|пользовател|المستخدم|"
    "उपयोगकर्ता|kullanici|nguoi dung|pengguna|uzytkownik|користувач|gebruiker|utilizator|all'utente|dell'utente|"
    "l'utente|l'utilisateur|a l'utilisateur|uzytkownikowi|uzytkownika")
"""The person the agent works for, as other languages name them."""
_SHOWN_ON_SCREEN = (
    "no le ocultes|no ocultes|nao esconda|nao oculte|ne cache pas|nicht verheimlichen|non nascondere|"
    "menu|menú|boton|botão|botao|bouton|knopf|pulsante|barra|pantalla|panel|sidebar|ventana|campo|tela|janela|"
    "seccion|secao|columna|coluna|icono|icone|pestana|aba|modal|tooltip|ui|interfaz|interface|pagina|elemento|"
    "se oculta|se esconde|automaticamente|automatiquement|automatisch|seitenleiste|fenster|schaltflache|ecran|"
    "fenetre|finestra|schermo|按钮|菜单|侧边栏|界面|页面|窗口|ボタン|メニュー|画面|버튼|메뉴|화면|사이드바|"
    "спойлер|кнопк|меню|панел|nut|giao dien|tombol|przycisk")
"""What a user interface hides (a menu, a button, a panel), or a rule not to hide: no secret kept from the user."""

_APPROVED_BEFORE = CueGroup.spelled(
    "ya autorizó|ya aprobó|preaprobad|pre-aprobad|aprobado de antemano|autorizado de antemano|aprobó previamente|"
    "autorizó previamente|já autorizou|já aprovou|pré-aprovad|previamente aprovad|previamente autorizad|"
    "a déjà autorisé|a déjà approuvé|pré-approuvé|approuvé à l'avance|autorisé à l'avance|approuvé d'avance|"
    "vorab genehmigt|vorab freigegeben|vorab erlaubt|bereits genehmigt|schon genehmigt|im voraus genehmigt|"
    "ha già autorizzato|ha già approvato|pre-approvat|preapprovat|approvato in anticipo|autorizzato in anticipo|"
    "заранее разрешил|заранее одобрил|заранее согласовал|предварительно одобр|уже одобрил|уже разрешил|"
    "наперед погодив|заздалегідь погодив|заздалегідь дозволив|вже погодив|вже схвалив|"
    "预先批准|事先批准|提前批准|已经批准|预先授权|提前授权|事先同意|已预先批准|"
    "事前承認|事前に承認|承認済み|事前に許可|許可済み|사전 승인|미리 승인|이미 승인|"
    "وافق مسبق|موافقة مسبقة|مسبقا|पहले ही अनुमति|पहले से अनुमति|पहले ही मंज़ूरी|पहले से मंजूरी|"
    "אישר מראש|מאושר מראש|ล่วงหน้า|อนุมัติไว้|έχει ήδη εγκρίνει|ήδη εγκρίνει|εγκεκριμέν|"
    "আগেই সব|আগেই অনুমতি|ইতিমধ্যে অনুমতি|از قبل|پیشاپیش|"
    "önceden onayladı|önceden onaylandı|önceden izin|zaten onayladı|sudah menyetujui|sudah disetujui|"
    "telah menyetujui|sudah mengizinkan|đã phê duyệt trước|phê duyệt trước|đã cho phép trước|"
    "z góry zatwierdził|z góry zatwierdzon|z gory zatwierdzil|już zatwierdził|wcześniej zatwierdził")
"""Approval claimed as given in advance (`vorab genehmigt`, `事前承認`, `z góry zatwierdził`)."""
_NO_CONFIRM_TEXT = (
    "no hace falta preguntar|no hace falta confirmar|no es necesario preguntar|no es necesario confirmar|"
    "no pidas confirmación|no preguntes|no hace falta preguntarle|não precisa perguntar|não precisa confirmar|"
    "não pergunte|pas besoin de demander|pas besoin de confirmation|inutile de demander|ne demande pas|"
    "nicht nachfragen|nicht fragen|keine rückfrage|keine bestätigung|non chiedere|non serve chiedere|"
    "подтверждение не требуется|не спрашивай|не нужно спрашивать|не питай|не потрібно питати|"
    "不需要再确认|不需要确认|不用确认|不必确认|不需要问|不必再问|不用再问|確認を求めず|確認不要|確認は不要|"
    "확인할 필요 없|물어볼 필요 없|لا داعي|لا حاجة|पूछने की ज़रूरत नहीं|पूछने की जरूरत नहीं|אין צורך|"
    "ไม่ต้องถาม|ไม่ต้องขอ|μην ζητάς|δεν χρειάζεται|দরকার নেই|نیازی به پرسیدن|نیازی نیست|onay isteme|"
    "sormana gerek yok|tidak perlu minta|tidak perlu bertanya|đừng hỏi|không cần hỏi|nie pytaj")
"""A claim that asking or confirming is not needed (`no hace falta preguntar`, `확인할 필요 없`)."""

OTHER_LANGUAGE_RULES: tuple[CueRule, ...] = (
    cue_rule("override_other_language", "injection",
             "tells the agent to forget or ignore its rules, in another language (held for a person)",
             _FORGET, _RULES, unless=CueGroup.spelled(_DEFENSIVE_TEXT, _A_DOCUMENT_TEXT).excepting(_AGENT_FILES),
             negatable=False),
    cue_rule("override_void_other_language", "injection",
             "says the agent's rules no longer apply or are void, in another language (held for a person)",
             _VOID, _RULES, unless=CueGroup.spelled(_A_DOCUMENT_TEXT, _ABOUT_A_TOPIC_TEXT).excepting(_AGENT_FILES),
             negatable=False),
    cue_rule("hiding_other_language", "injection",
             "tells the agent to keep something from the user, in another language (held for a person)",
             _NOT_TELL, unless=_NOT_TELL_ELSE, negatable=False),
    cue_rule("hiding_from_user_other_language", "injection",
             "tells the agent to hide something from the user, in another language (held for a person)",
             _HIDE_FROM, _THE_USER, unless=CueGroup.spelled(_NEGATED_TEXT, _SHOWN_ON_SCREEN), negatable=False),
    cue_rule("good_news_other_language", "injection",
             "tells the agent to report success even if it failed, in another language (held for a person)",
             _EVEN_IF, _ALL_WELL, unless=CueGroup.spelled("也可能|可能成功|可能会成功|might still|may still"),
             negatable=False),
    cue_rule("persona_other_language", "injection",
             "gives the agent a persona or mode without limits, in another language (held for a person)",
             _UNBOUND, _NOW_AI, negatable=False),
    cue_rule("no_asking_other_language", "injection",
             "tells the agent to delete, push or deploy without asking, in another language (held for a person)",
             _WITHOUT_ASKING, _DESTRUCTIVE, unless=_FORBIDDEN, negatable=False),
    cue_rule("approval_claimed_other_language", "injection",
             "claims approval was given in advance, so the agent need not ask, in another language (held)",
             _APPROVED_BEFORE, CueGroup.spelled(_NO_CONFIRM_TEXT, _WITHOUT_ASKING_TEXT), unless=_FORBIDDEN, negatable=False,
             reach=200, window=0),
    cue_rule("scripted_answer_other_language", "injection",
             "scripts what the agent answers when someone asks, in another language (held for a person)",
             _IF_ASKED, _ANSWER, negatable=False),
    cue_rule("safety_off_other_language", "injection",
             "tells the agent to switch off TLS checks, tests or reviews, in another language (held for a person)",
             _TURN_OFF, _SAFETY_CHECK, unless=_NEGATED, negatable=False),
    cue_rule("outside_text_other_language", "injection",
             "tells the agent to obey web pages or tool output over the user, in another language (held)",
             _OUTSIDE_SOURCES, _OBEY_OTHER, _OVER_USER, unless=_NOT_OBEYED, negatable=False),
    cue_rule("outside_text_unasked_other_language", "injection",
             "tells the agent to carry out what web pages, issues or tool output say without asking, in another "
             "language (held)",
             _OUTSIDE_SOURCES, _OBEY_OTHER, _WITHOUT_ASKING, unless=_NOT_OBEYED, negatable=False),
    cue_rule("exfil_other_language", "exfiltration",
             "tells the agent to send a secrets file somewhere, in another language (held for a person)",
             _SEND, _SECRET_FILE, _DESTINATION, unless=_NOT_SEND, negatable=False),
)
"""Other languages' cue rules; all of them hold."""
