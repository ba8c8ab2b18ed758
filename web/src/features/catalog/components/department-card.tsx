import type { Department } from '@raseed/contract';
import { Link } from 'react-router';
import { hrefs } from '@/lib/paths';
import { CatalogImage } from './catalog-image';
import { cardLink } from './styles';

/** A department card; `place` names the category it sits in where that is not the page's own (search). */
export function DepartmentCard({ department, place }: { department: Department; place?: string }) {
  return (
    <Link to={hrefs.department(department.id)} className={cardLink}>
      <CatalogImage src={department.img} className="aspect-[4/3] w-full" />
      <span className="grid gap-0.5 p-3 text-center">
        <span className="font-bold text-fg">{department.name}</span>
        {place ? <span className="text-sm text-muted">{place}</span> : null}
      </span>
    </Link>
  );
}
