import type { ArticleText } from '#shared/article-languages';

/** The demo articles in German, formal ("Sie"), by slug (written as a native speaker would). */
export const DEMO_GERMAN: Record<string, ArticleText> = {
  'vision-guided-bin-picking': {
    title: 'Bildgeführter Griff in die Kiste erreicht 99,2 % Erfolgsquote beim ersten Versuch',
    excerpt:
      'Mit unserem neuen Greifplanungsmodell entnimmt ein handelsüblicher Sechsachsroboter gemischte Metallteile aus ungeordneten Behältern – ohne Vorrichtungen und ohne teilespezifisches Einlernen.',
    content: `## Das Problem mit der Kiste

Der Griff in die Kiste ist seit zwei Jahrzehnten ein hartnäckiges Problem in Bearbeitungszellen. Die Teile liegen verhakt, spiegelnd und teilweise verdeckt, und ein klassisches Bildverarbeitungssystem braucht für jede neue Teilenummer ein CAD-Modell und stundenlanges Feintuning.

## Was sich geändert hat

Unser Greifplaner kombiniert eine Tiefenkamera mit einem Modell, das auf **synthetischen Szenen** trainiert wurde: Millionen gerenderter Kisten mit physikalisch simulierten Teilelagen. In der Fertigung schlägt er in weniger als 180 ms Greifpunkte vor und bewertet sie danach, wie wahrscheinlich sich das Teil sauber entnehmen lässt.

Ergebnisse nach acht Wochen in der Drehzelle eines Kunden:

- **99,2 %** Erfolgsquote beim ersten Griff über 14 Teilefamilien
- Taktzeit von 6,1 s pro Teil, einschließlich Nachgreifen bei Bedarf
- neue Teilenummern aus einer CAD-Datei in etwa 20 Minuten angelegt

## Wie es weitergeht

Wir erweitern den Planer auf weiche und verformbare Verpackungen. Wenn Sie eine Zelle betreiben, in der Ihre Bediener die Maschinen noch von Hand beschicken, [erzählen Sie uns davon](/contact).`,
  },
  'predictive-maintenance-that-explains-itself': {
    title: 'Vorausschauende Instandhaltung, die sich selbst erklärt',
    excerpt:
      'Instandhaltungsteams ignorieren Alarme, die sie nicht verstehen. Unser neuestes Release liefert zu jedem Anomaliewert die Signale und die Historie, die dahinterstehen.',
    content: `## Warum Blackbox-Warnungen scheitern

Ein Schwingungsmodell, das eine Pumpe mit „87 % Ausfallwahrscheinlichkeit“ markiert, reicht nicht aus. Techniker wollen wissen, *warum*, und Planer wollen wissen, *wann*. Fehlt das, werden die Alarme innerhalb weniger Wochen stummgeschaltet.

## Erklärungen inklusive

Version 3 unserer Zustandsüberwachung versieht jede Warnung mit drei Angaben:

1. Die **Sensorkanäle**, die den Wert am stärksten beeinflusst haben, mit ihrem jüngsten Verlauf
2. **Ähnliche frühere Ereignisse** in derselben Anlagenklasse und wie sie ausgingen
3. Eine **Spanne der Restnutzungsdauer** statt eines einzelnen Datums

Alles läuft auf einem Edge-Gateway direkt an der Maschine; nur Zusammenfassungen verlassen das Werk.

## In der Praxis

In einem Verpackungswerk im Norden Portugals deckte schon der erste Monat ein verschleißendes Getriebelager auf – sechs Wochen vor der geplanten Inspektion. Das Fazit des Instandhaltungsleiters: „Zum ersten Mal konnte ich der Planung zeigen, *warum* wir den Stillstand brauchten.“

Mehr über unseren Ansatz lesen Sie auf der [Seite mit unseren Neuigkeiten](/news), oder [vereinbaren Sie eine Vorführung](/contact).`,
  },
  'cobots-small-batch-assembly': {
    title: 'Kollaborative Roboter in der Kleinserienmontage: Bilanz nach sechs Monaten',
    excerpt:
      'Ein Hersteller von Möbelbeschlägen fertigt heute 60 Produktvarianten in einer einzigen Cobot-Zelle. Was funktioniert hat und was wir anders machen würden.',
    content: `## Die Zelle

Ein kollaborativer Arm, eine Schraubspindel, eine Kamera und ein Tablet. Die Zelle montiert Scharnierbaugruppen in Losgrößen ab **zwölf Stück** und arbeitet ohne Schutzzaun neben zwei Bedienern.

## Was funktioniert hat

- **Rezeptgesteuertes Umrüsten**: Die Bediener wählen die Variante auf dem Tablet; Programm, Drehmomentgrenzen und Kameraprüfungen folgen automatisch
- **Kraftbegrenzte Bewegungen**, zertifiziert nach den Vorgaben der [ISO/TS 15066](https://www.iso.org/standard/62996.html) zur Leistungs- und Kraftbegrenzung
- Qualitätsprüfung per Kamera nach jeder Schraube, sodass ein überdrehtes Gewinde sofort auffällt

## Was wir ändern würden

- Das **Kabelmanagement** von Anfang an einplanen; es verursachte die Hälfte unserer frühen Stopps
- Den Bedienern ermöglichen, neue Schraubpositionen selbst einzulernen, statt einen Integrator zu rufen

## Die Zahlen

Die Umrüstzeit sank von 25 Minuten auf unter 3, und die Zelle deckt heute **60 Varianten** ab. Die Bediener haben um eine zweite gebeten.`,
  },
  'language-models-on-the-shop-floor': {
    title: 'Sprachmodelle in der Fertigung: Assistenten, die das Handbuch lesen',
    excerpt:
      'Wir haben einen Instandhaltungsassistenten entwickelt, der in der Sprache des Technikers antwortet, die Handbuchseite nennt und ohne Datenübertragung in die Cloud auskommt.',
    content: `## Die Idee

Techniker verbringen erstaunlich viel Zeit mit der Suche in PDF-Dateien. Unser Assistent beantwortet Fragen wie *„Welches Anzugsmoment gilt für die Spindelklemmung an Linie 3?“* und nennt die genaue Handbuchseite, auf die er sich stützt.

## So funktioniert es

- Handbücher, Arbeitsanweisungen und frühere Tickets werden lokal indexiert
- Ein kompaktes Sprachmodell läuft auf einem Server im Werk
- Jede Antwort verweist auf ihre **Quellen**; findet der Assistent keine, sagt er das, statt zu raten

## Leitplanken

- Nur lesend: Er ändert niemals Maschinenparameter
- Er antwortet auf Englisch, Portugiesisch und Deutsch, unabhängig davon, in welcher Sprache das Handbuch verfasst ist
- Alle Fragen werden protokolliert, damit der Instandhaltungsleiter sie prüfen kann

## Erste Ergebnisse

In einem Pilotprojekt mit 18 Technikern sank die mittlere Zeit bis zum Auffinden einer Arbeitsanweisung von **11 Minuten auf unter 2**. [Kontaktieren Sie uns](/contact), wenn Sie ein Pilotprojekt mit Ihrer eigenen Dokumentation durchführen möchten.`,
  },
};
