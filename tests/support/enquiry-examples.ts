/**
 * Real-looking enquiries for the spam thresholds and the mail tests: genuine
 * ones in the three languages (accents, a link to the sender's own site, a
 * phone number, short and long) and the spam every contact form receives.
 */

export type Example = { name: string; company?: string; message: string };

export const GENUINE: Record<'en' | 'pt' | 'de', Example[]> = {
  en: [
    {
      name: 'Sarah Thompson',
      company: 'Thompson Plastics Ltd',
      message: 'Could you send us a quote for a vision inspection cell?',
    },
    {
      name: 'James O’Connor',
      message: 'Please call me back on +44 20 7946 0958 about palletising robots.',
    },
    {
      name: 'Priya Natarajan',
      company: 'Natarajan Foods',
      message:
        'Hello, we run three packaging lines in Leicester and lose about 4% of output to mislabelled cartons. ' +
        'We would like to understand whether your AI inspection software can run on our existing cameras ' +
        '(Basler ace, 1920x1200) or whether we need new hardware. Our website is https://www.natarajanfoods.co.uk ' +
        'if you want to see the products. Could we book a call next week?',
    },
    {
      name: 'Tom Becker',
      message: 'Do you offer maintenance contracts for KUKA KR 210 R2700 robots?',
    },
    {
      name: 'Emily Chen',
      company: 'Chen Precision Machining',
      message:
        'We need a CNC tending cell for 5-axis mills. What lead times should we expect in Q3?',
    },
    { name: 'Mike', message: 'Interested in your welding cobots. Price list?' },
    {
      name: 'Laura Martínez',
      company: 'Iberia Components',
      message:
        'Hi! I saw your talk at Hannover Messe. Can we meet in Porto on 14 May? My mobile is +34 612 345 678.',
    },
    {
      name: 'David Smith',
      company: 'Smith & Sons Engineering',
      message:
        'Good afternoon,\n\nOur MES (Siemens Opcenter) needs to exchange data with a new robot line via OPC UA and MQTT. ' +
        'Do you do the integration yourselves or with a partner? See www.smith-sons.com for what we make.\n\nKind regards,\nDavid',
    },
    {
      name: 'Anna Kowalski',
      message: 'Is your predictive maintenance software GDPR compliant? We are based in Gdańsk.',
    },
    {
      name: 'Robert Hughes',
      company: 'Hughes Logistics',
      message:
        'We want to automate our warehouse picking. 12,000 SKUs, 2 shifts. Budget around £400k.',
    },
    {
      name: 'Chloé Dubois',
      message:
        'Please send the datasheet of the vision system (PDF) to my colleague at chloe.dubois@example.fr. Thanks!',
    },
    {
      // A link the sender meant to paste, or a mail filter took out: prose, not forum markup.
      name: 'Mark Ellis',
      message: 'Hello, our drawings are here: [link] - could you quote 20 welding cells?',
    },
  ],
  pt: [
    {
      name: 'João Carvalho',
      company: 'Metalúrgica do Norte, Lda.',
      message:
        'Bom dia, gostaríamos de pedir um orçamento para uma célula de soldadura robotizada.',
    },
    {
      name: 'Ana Sofia Ribeiro',
      message: 'Podem ligar-me para o 912 345 678? Tenho dúvidas sobre a manutenção preditiva.',
    },
    {
      name: 'Miguel Ferreira',
      company: 'Cortiças Ferreira & Filhos',
      message:
        'Boa tarde. Somos uma empresa familiar de Santa Maria da Feira e estamos a estudar a automatização da ' +
        'inspeção de rolhas. Atualmente temos quatro operadoras por turno na escolha manual. Gostaria de saber se ' +
        'a vossa solução de visão artificial consegue distinguir defeitos de cor e fissuras, e qual seria o ' +
        'investimento aproximado. O nosso site é https://www.corticasferreira.pt. Obrigado.',
    },
    {
      name: 'Rita Gonçalves',
      message: 'Qual é o prazo de entrega de um braço colaborativo para paletização?',
    },
    {
      name: 'Pedro Antunes',
      company: 'Moldes Antunes',
      message:
        'Precisamos de integrar um robô numa máquina de injeção de plásticos. Fazem visitas à Marinha Grande?',
    },
    {
      name: 'Inês',
      message: 'Olá! Vi a notícia sobre o novo sistema de inspeção. Têm demonstrações em Lisboa?',
    },
    {
      name: 'Luís Magalhães',
      company: 'Têxteis Magalhães S.A.',
      message:
        'Procuramos software de planeamento da produção com IA para a nossa fábrica em Guimarães. Podem enviar informação?',
    },
    {
      name: 'Catarina Lopes',
      message:
        'Exmos. Senhores,\n\nNo seguimento da conversa telefónica de ontem, envio em anexo... aliás, não consigo anexar. ' +
        'Podem contactar-me por email para catarina.lopes@exemplo.pt? O assunto é a manutenção dos AGV.\n\nCumprimentos',
    },
    {
      name: 'Tiago Sá',
      message: 'Bom dia, a vossa solução funciona com autómatos Siemens S7-1500?',
    },
    {
      name: 'Beatriz Nunes',
      company: 'Conservas Nunes',
      message:
        'Queremos automatizar o enlatamento de sardinhas. São 30 000 latas por dia. É possível?',
    },
    {
      name: 'José Álvares',
      message: 'Gostava de agendar uma reunião. O meu telemóvel é +351 936 123 456. Obrigado!',
    },
    {
      name: 'Inês Rocha',
      message: 'Olá, o caderno de encargos está aqui [link]. Aguardo proposta.',
    },
  ],
  de: [
    {
      name: 'Jürgen Müller',
      company: 'Müller Maschinenbau GmbH',
      message:
        'Sehr geehrte Damen und Herren, bitte senden Sie uns ein Angebot für zwei Schweißroboter.',
    },
    {
      name: 'Katrin Weiß',
      message: 'Können Sie mich unter +49 711 123456 zurückrufen? Es geht um eine Palettieranlage.',
    },
    {
      name: 'Dr. Stefan Schröder',
      company: 'Schröder Präzisionsteile AG',
      message:
        'Guten Tag,\n\nwir fertigen Drehteile für die Automobilindustrie und möchten die Sichtprüfung am Bandende ' +
        'automatisieren. Derzeit prüfen drei Mitarbeiter pro Schicht etwa 40.000 Teile. Ist Ihre KI-Bildverarbeitung ' +
        'für reflektierende Oberflächen geeignet? Informationen zu uns finden Sie unter https://www.schroeder-praezision.de.\n\n' +
        'Mit freundlichen Grüßen\nStefan Schröder',
    },
    {
      name: 'Anja Hoffmann',
      message: 'Bieten Sie Wartungsverträge für Ihre Roboterzellen an? Wir sitzen in Würzburg.',
    },
    {
      name: 'Thomas Schmitz',
      company: 'Schmitz Logistik',
      message:
        'Wie hoch ist der Wertzuwachs durch Ihre Lagerautomatisierung? Gibt es Referenzkunden in Deutschland?',
    },
    {
      name: 'Lena Fischer',
      message: 'Ist Ihre Software mit SPS-Steuerungen von Beckhoff kompatibel?',
    },
    {
      name: 'Markus Bäcker',
      company: 'Bäckerei Bäcker KG',
      message: 'Wir suchen einen Roboter zum Beschicken unserer Öfen. Lässt sich das nachrüsten?',
    },
    {
      name: 'Sabine Krüger',
      message:
        'Hallo, kurze Frage: Übernehmen Sie auch die Arbeitsschutzunterweisung und die CE-Kennzeichnung der ' +
        'Anlage? Unser Herbststurm hat übrigens die Halle beschädigt, daher wäre ein Termin erst im März möglich.',
    },
    {
      name: 'Felix Zimmermann',
      message: 'Brauchen Sie für die Angebotserstellung unsere CAD-Daten (STEP)?',
    },
    {
      name: 'Claudia Neumann',
      company: 'Neumann Kunststofftechnik',
      message:
        'Wir möchten unsere Spritzgussmaschinen mit einem Entnahmeroboter ausstatten. Durchschnittliche Zykluszeit: 18 s.',
    },
    {
      name: 'Uwe',
      message: 'Was kostet Ihre Software zur vorausschauenden Wartung pro Maschine und Jahr?',
    },
    {
      name: 'Sabine Krüger',
      message: 'Die Zeichnung finden Sie unter [Link zur Zeichnung]. Bitte um Angebot.',
    },
  ],
};

/** What bots and spammers send: every one must land in the spam folder. */
export const SPAM: { label: string; example: Example & { formMs?: number } }[] = [
  {
    label: 'link farm',
    example: {
      name: 'Best Deals',
      message:
        'cheap http://pills.example.ru http://watches.example.ru http://bags.example.ru http://loans.example.ru http://casino.example.ru',
    },
  },
  {
    label: 'SEO offer with several links',
    example: {
      name: 'Kevin Marketing',
      message:
        'Hi, I noticed your website is not on the first page of Google. Our SEO experts can fix that quickly. ' +
        'See https://seo-wizards.example.com, https://seo-wizards.example.com/pricing and https://seo-wizards.example.com/cases',
    },
  },
  {
    label: 'HTML link markup',
    example: {
      name: 'Anna',
      message: 'Great site! <a href="http://spam.example">cheap watches</a> visit now',
    },
  },
  {
    label: 'BBCode link',
    example: { name: 'Tom', message: 'Nice post [url=http://spam.example]cheap bags[/url] thanks' },
  },
  {
    label: 'a URL and nothing else',
    example: { name: 'Visitor', message: 'https://spam.example/buy-now?ref=77' },
  },
  { label: 'keyboard mash', example: { name: 'asdf', message: 'asdfghjkl qwertyuiop zxcvbnm' } },
  { label: 'consonant soup', example: { name: 'xx', message: 'sdfsdf kjhkjh dfgdfg sdfsdfsdf' } },
  {
    label: 'random tokens',
    example: { name: 'hLpQzR', message: 'xKqZmPt gTwLrBvC vNpQsXyW hJkRmTq' },
  },
  {
    label: 'fast bot with a link',
    example: {
      name: 'John',
      message: 'We offer great services, have a look at http://offers.example.com',
      formMs: 400,
    },
  },
  {
    label: 'link in the name and a backlink offer',
    example: {
      name: 'http://spam.example',
      message: 'We sell backlinks and guest posts for your site at a low price.',
    },
  },
];
