/** The demo store's catalog: every product type, fixed and free quantity, some unavailable. */
type DemoProduct = {
  name: string;
  info: string;
  type: 'id' | 'account' | 'code' | 'other';
  usd: string;
  syp: string;
  try: string;
  available?: boolean;
  discount?: number;
  free?: { min: number; max: number; unit: string; unitTry: string };
  resolver?: string;
  /** Delivered from stock: this many made-up codes are stocked (0 shows "out of stock"). */
  stock?: number;
  /** Steps for using the delivered code, shown with it on the purchase result. */
  redeem?: string;
  /** Other words the store search finds it by. */
  keywords?: string;
};
type DemoCategory = {
  name: string;
  keywords?: string;
  available: boolean;
  departments: { name: string; products: DemoProduct[] }[];
};

export const categories: DemoCategory[] = [
  {
    name: 'ببجي موبايل',
    keywords: 'pubg mobile ببجي شدات uc',
    available: true,
    departments: [
      {
        name: 'شدات ببجي (UC)',
        products: [
          {
            name: '60 شدة',
            keywords: 'pubg uc',
            info: 'تُشحن إلى حسابك عبر معرّف اللاعب خلال دقائق.',
            type: 'id',
            usd: '0.99',
            syp: '14000',
            try: '33.00',
            resolver: 'demo',
          },
          {
            name: '325 شدة',
            keywords: 'pubg uc',
            info: 'تُشحن إلى حسابك عبر معرّف اللاعب خلال دقائق.',
            type: 'id',
            usd: '4.75',
            syp: '67000',
            try: '158.00',
            discount: 5,
            resolver: 'demo',
          },
          {
            name: '660 شدة',
            keywords: 'pubg uc',
            info: 'الأكثر طلباً. تأكد من صحة معرّف اللاعب قبل الطلب.',
            type: 'id',
            usd: '9.50',
            syp: '134000',
            try: '316.00',
            resolver: 'demo',
          },
          {
            name: '1800 شدة',
            keywords: 'pubg uc',
            info: 'غير متوفر مؤقتاً لدى المورد.',
            type: 'id',
            usd: '24.00',
            syp: '338000',
            try: '798.00',
            available: false,
          },
        ],
      },
      {
        name: 'شدات بالكمية',
        products: [
          {
            name: 'شدات بالعدد',
            keywords: 'pubg uc',
            info: 'اختر عدد الشدات الذي تريده بين 100 و 5000.',
            type: 'id',
            usd: '0.015',
            syp: '211',
            try: '0.50',
            free: { min: 100, max: 5000, unit: '0.015', unitTry: '0.50' },
            resolver: 'demo',
          },
        ],
      },
    ],
  },
  {
    name: 'فري فاير',
    keywords: 'free fire فري فاير جواهر',
    available: true,
    departments: [
      {
        name: 'جواهر فري فاير',
        products: [
          {
            name: '100 جوهرة',
            keywords: 'free fire diamonds',
            info: 'شحن مباشر عبر معرّف اللاعب.',
            type: 'id',
            usd: '1.10',
            syp: '15500',
            try: '36.50',
            resolver: 'demo',
          },
          {
            name: '520 جوهرة',
            keywords: 'free fire diamonds',
            info: 'شحن مباشر عبر معرّف اللاعب.',
            type: 'id',
            usd: '5.20',
            syp: '73000',
            try: '173.00',
            discount: 10,
            resolver: 'demo',
          },
          {
            name: 'العضوية الأسبوعية',
            info: 'عضوية لمدة 7 أيام.',
            type: 'id',
            usd: '1.90',
            syp: '26800',
            try: '63.00',
          },
        ],
      },
    ],
  },
  {
    name: 'بطاقات جوجل بلاي',
    keywords: 'google play جوجل',
    available: true,
    departments: [
      {
        name: 'بطاقات أمريكية',
        products: [
          {
            name: 'بطاقة 10$',
            keywords: 'google play gift card',
            info: 'كود يصلك في صفحة مشترياتك بعد قبول الطلب.',
            type: 'code',
            usd: '10.80',
            syp: '152000',
            try: '359.00',
          },
          {
            name: 'بطاقة 25$',
            keywords: 'google play gift card',
            info: 'كود يصلك في صفحة مشترياتك بعد قبول الطلب.',
            type: 'code',
            usd: '26.50',
            syp: '373000',
            try: '881.00',
            discount: 3,
          },
          {
            name: 'بطاقة 5$ — تسليم فوري',
            keywords: 'google play gift card',
            info: 'يصلك الكود فوراً بعد الشراء، مع زر لنسخه.',
            type: 'code',
            usd: '5.40',
            syp: '76000',
            try: '180.00',
            stock: 25,
            redeem:
              '1. افتح تطبيق المتجر وسجّل الدخول إلى حسابك.\n' +
              '2. اختر «استرداد بطاقة هدية» من صفحة الحساب.\n' +
              '3. الصق الكود كما هو، ثم اضغط «استرداد».',
          },
        ],
      },
    ],
  },
  {
    name: 'آيتونز',
    keywords: 'itunes apple ايتونز',
    available: true,
    departments: [
      {
        name: 'بطاقات آيتونز',
        products: [
          { name: 'آيتونز 5$', info: 'كود للمتجر الأمريكي.', type: 'code', usd: '5.60', syp: '79000', try: '186.00' },
          {
            name: 'آيتونز 50$',
            info: 'نفدت الكمية.',
            type: 'code',
            usd: '53.00',
            syp: '746000',
            try: '1762.00',
            available: false,
          },
          {
            name: 'آيتونز 15$ — تسليم فوري',
            info: 'يصلك الكود فوراً بعد الشراء.',
            type: 'code',
            usd: '15.90',
            syp: '224000',
            try: '529.00',
            stock: 0,
          },
        ],
      },
    ],
  },
  {
    name: 'خدمات الحسابات',
    available: true,
    departments: [
      {
        name: 'اشتراكات',
        products: [
          {
            name: 'اشتراك شهري بريميوم',
            info: 'نفعّل الاشتراك على حسابك. أدخل بريد الحساب وكلمة المرور.',
            type: 'account',
            usd: '7.00',
            syp: '98600',
            try: '233.00',
          },
          {
            name: 'متابعين انستغرام 1000',
            info: 'أدخل رابط الصفحة. التنفيذ خلال 24 ساعة.',
            type: 'other',
            usd: '3.00',
            syp: '42300',
            try: '100.00',
          },
        ],
      },
    ],
  },
  {
    name: 'فورتنايت',
    keywords: 'fortnite',
    available: false,
    departments: [
      {
        name: 'في باكس',
        products: [{ name: '1000 في باكس', info: 'قريباً.', type: 'id', usd: '8.00', syp: '112700', try: '266.00' }],
      },
    ],
  },
  {
    name: 'كول أوف ديوتي',
    keywords: 'call of duty cod',
    available: false,
    departments: [],
  },
];

export const banks = [
  {
    name: 'بنك البركة',
    info: 'حوّل المبلغ ثم ارفع صورة إشعار التحويل. يُضاف الرصيد بعد المراجعة.',
    iban: 'SY21 0021 0000 0000 1234 5678 90',
    holder: 'شركة رصيد للتجارة الإلكترونية',
    currency: 'USD' as const,
    rate: 1_000_000,
  },
  {
    name: 'زراعات بنك (تركيا)',
    info: 'التحويل بالليرة التركية إلى الحساب التالي، ويُضاف الرصيد بالدولار بسعر الصرف المعروض.',
    iban: 'TR33 0006 1005 1978 6457 8413 26',
    holder: 'Raseed Dijital Ltd.',
    // Turkish lira per US dollar, in micros (docs/topups.md#currencies).
    currency: 'TRY' as const,
    rate: 42_500_000,
  },
];

export const partners = [
  { name: 'وكيل دمشق — متجر النجم', address: 'دمشق، شارع الثورة', phone: '+963944111222' },
  { name: 'وكيل حلب — مركز الأمل', address: 'حلب، الجميلية', phone: '963955333444' },
  { name: 'وكيل إسطنبول — رصيد ترك', address: 'إسطنبول، الفاتح', phone: '+905321112233' },
];
